import {
  type CheckinMode,
  type CheckinRow,
  checkinDurationSeconds,
  checkinMessages,
  checkinModalMode,
  checkinSuccessMessage,
  checkinTimeProblem,
  checkoutTimeProblem,
  formatCheckinDuration,
} from '@lightpath/domain/checkins';
import { type Site, siteMessages } from '@lightpath/domain/sites';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconLogin2, IconLogout2, IconMapPin } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { inputsFromSeconds, labelWithZone, secondsFromInputs } from '../../../lib/time-zone';
import { useCheckIn, useCheckOut } from '../api/check-in';
import { useActiveCheckins } from '../api/list-active-checkins';
import { useCheckinSites } from '../api/list-checkin-sites';

// A site named before the modal opens: the site page's own site, or an 'On site now' card's.
export type CheckinSiteRef = {
  siteid: number;
  sitename: string;
  sitenumber?: string | undefined;
  customercode?: string | undefined;
};

type Props = {
  opened: boolean;
  onClose: () => void;
  // Chosen already when the modal opens; still changeable in it.
  site?: CheckinSiteRef | null | undefined;
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function siteLabel(site: CheckinSiteRef): string {
  return site.sitenumber && site.customercode
    ? `${site.sitenumber} ${site.sitename} · ${site.customercode}`
    : site.sitename;
}

type Choice = { value: string; label: string };
type Chosen = { siteid: number; label: string; sitename: string };

// Open check-ins first (so leaving is one tap away), then the sites the search found. The chosen site
// stays among the choices while the user searches for something else.
function siteChoices(sites: readonly Site[], open: readonly CheckinRow[], chosen: Chosen | null) {
  const openIds = new Set(open.map((c) => c.siteid));
  const checkedIn: Choice[] = open.map((c) => ({ value: String(c.siteid), label: siteLabel(c) }));
  const others: Choice[] = sites
    .filter((s) => !openIds.has(s.siteid))
    .map((s) => ({ value: String(s.siteid), label: siteLabel(s) }));
  if (chosen && !openIds.has(chosen.siteid) && !sites.some((s) => s.siteid === chosen.siteid)) {
    others.unshift({ value: String(chosen.siteid), label: chosen.label });
  }
  return [
    ...(checkedIn.length > 0 ? [{ group: 'Checked in now', items: checkedIn }] : []),
    ...(others.length > 0 ? [{ group: 'Sites', items: others }] : []),
  ];
}

function chosenOf(
  siteid: number | null,
  openHere: CheckinRow | null,
  picked: Chosen | null,
  preselected: CheckinSiteRef | null,
): Chosen | null {
  if (siteid === null) return null;
  const ref =
    openHere ??
    (picked?.siteid === siteid ? picked : null) ??
    (preselected?.siteid === siteid ? preselected : null);
  if (!ref) return { siteid, label: `Site ${siteid}`, sitename: `Site ${siteid}` };
  return { siteid, label: 'label' in ref ? ref.label : siteLabel(ref), sitename: ref.sitename };
}

function CheckinForm({ onClose, site }: Omit<Props, 'opened'>) {
  const { actor } = useSession();
  const phone = useMediaQuery('(max-width: 48em)');
  const [chosenId, setChosenId] = useState<number | null>(site?.siteid ?? null);
  const [picked, setPicked] = useState<Chosen | null>(null);
  const [search, setSearch] = useState('');
  const [atNow, setAtNow] = useState(true);
  const [when, setWhen] = useState(() => inputsFromSeconds(nowSeconds()));
  const [timeError, setTimeError] = useState<string | null>(null);
  const active = useActiveCheckins(actor.userId);
  const open = active.data?.results ?? [];

  // What is known of the chosen site, best source first.
  const openHere = open.find((c) => c.siteid === chosenId) ?? null;
  const chosen = chosenOf(chosenId, openHere, picked, site ?? null);

  // Once a site is chosen the box shows its label; that is not a new search.
  const term = chosen && search === chosen.label ? '' : search.trim();
  const [q] = useDebouncedValue(term, 250);
  const sites = useCheckinSites(actor.type, q);
  const checkIn = useCheckIn();
  const checkOut = useCheckOut();

  const mode: CheckinMode = checkinModalMode(open, chosenId);
  const data = siteChoices(sites.data ?? [], open, chosen);
  const pending = checkIn.isPending || checkOut.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosenId === null) return;
    const time = atNow ? null : secondsFromInputs(when.date, when.time);
    if (!atNow) {
      const problem =
        time === null || time < 0
          ? checkinMessages.timeInvalid
          : mode === 'checkin'
            ? checkinTimeProblem(time, nowSeconds())
            : checkoutTimeProblem(time, openHere?.checkintime ?? 0, nowSeconds());
      setTimeError(problem);
      if (problem) return;
    }
    const callbacks = {
      onSuccess: ({ message }: { message: string | undefined }) => {
        notify.success(message ?? checkinSuccessMessage(mode, chosen?.sitename ?? ''));
        onClose();
      },
      // Spec 8: the server's message, else 'Check-out'.
      onError: (error: unknown) => {
        if (needsToast(error)) notify.warning(errorMessage(error, checkinMessages.failed));
      },
    };
    if (mode === 'checkin')
      checkIn.mutate({ siteid: chosenId, ...(time !== null && { checkintime: time }) }, callbacks);
    else checkOut.mutate({ siteid: chosenId, ...(time !== null && { checkouttime: time }) }, callbacks);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Site"
          required
          searchable
          size="lg"
          leftSection={<IconMapPin size={18} />}
          placeholder="Search by site name or number"
          nothingFoundMessage={sites.isFetching ? 'Searching…' : 'No matching site'}
          data={data}
          searchValue={search}
          onSearchChange={setSearch}
          // The server has already searched; filtering again on the label would hide its matches.
          filter={({ options }) => options}
          maxDropdownHeight={360}
          value={chosenId === null ? null : String(chosenId)}
          onChange={(value) => {
            const siteid = value ? Number(value) : null;
            setChosenId(siteid);
            const found = sites.data?.find((s) => s.siteid === siteid);
            setPicked(
              siteid !== null && found ? { siteid, label: siteLabel(found), sitename: found.sitename } : null,
            );
            setTimeError(null);
          }}
          error={sites.isError ? siteMessages.loadFailed : undefined}
        />
        {openHere && (
          <Alert color="orange" variant="light" title="You are checked in here">
            Since {formatDateTime(openHere.checkintime)} (
            {formatCheckinDuration(checkinDurationSeconds(openHere, nowSeconds()))}).
          </Alert>
        )}
        <Switch
          size="md"
          label={mode === 'checkin' ? 'Check in now' : 'Check out now'}
          checked={atNow}
          onChange={(event) => {
            setAtNow(event.currentTarget.checked);
            setWhen(inputsFromSeconds(nowSeconds()));
            setTimeError(null);
          }}
        />
        {!atNow && (
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Date"
              type="date"
              size="lg"
              value={when.date}
              onChange={(event) => setWhen({ ...when, date: event.currentTarget.value })}
              error={Boolean(timeError)}
            />
            <TextInput
              label={labelWithZone('Time')}
              type="time"
              size="lg"
              value={when.time}
              onChange={(event) => setWhen({ ...when, time: event.currentTarget.value })}
              error={Boolean(timeError)}
            />
          </SimpleGrid>
        )}
        {timeError && (
          <Text c="red" fz="sm" role="alert">
            {timeError}
          </Text>
        )}
        {active.isError && (
          <Text c="dimmed" fz="sm">
            Your open check-ins could not be loaded, so the portal cannot tell whether this is a check-out.
          </Text>
        )}
        <Group justify="flex-end" mt="xs" grow={phone}>
          <Button variant="default" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            size="lg"
            color={mode === 'checkout' ? 'orange' : undefined}
            leftSection={mode === 'checkout' ? <IconLogout2 size={20} /> : <IconLogin2 size={20} />}
            loading={pending}
            disabled={chosenId === null || active.isPending}
          >
            {mode === 'checkout' ? 'Check out' : 'Check in'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Spec 2.6 and 4: Site Check-In / Check-Out. Full screen on a phone, where it is mostly used.
export function SiteCheckinModal({ opened, onClose, site }: Props) {
  const fullScreen = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Site Check-In / Check-Out"
      size="lg"
      fullScreen={fullScreen}
    >
      {opened && <CheckinForm onClose={onClose} site={site} />}
    </Modal>
  );
}
