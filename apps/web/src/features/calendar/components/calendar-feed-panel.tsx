import { can } from '@lightpath/domain/permissions';
import {
  Alert,
  Box,
  type BoxProps,
  Button,
  CopyButton,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarPlus, IconCheck, IconCopy, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { type CalendarFeed, useCalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

type Props = { customerid: number } & Pick<BoxProps, 'mt' | 'maw'>;

const hint = (feed: CalendarFeed) => `…${feed.tokenhint}`;

// A customer's private iCalendar feed of scheduled works and hazard windows on its services. The NOC
// manages it for any customer, a company admin for its own; nobody else sees this panel.
export function CalendarFeedPanel({ customerid, ...boxProps }: Props) {
  const { actor } = useSession();
  const allowed = can(actor, 'events.calendar');
  const query = useCalendarFeed(customerid, allowed);
  const create = useCreateCalendarFeed(customerid);
  const revoke = useRevokeCalendarFeed(customerid);
  // The link exists in the browser only between its creation and leaving the page.
  const [newUrl, setNewUrl] = useState<string | null>(null);

  if (!allowed) return null;

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: ({ url }) => {
        setNewUrl(url);
        notify.success('Calendar link created');
      },
      onError: (error) => {
        if (needsToast(error))
          notify.warning(errorMessage(error, 'An error occurred while creating the calendar link'));
      },
    });

  const confirmReplace = (feed: CalendarFeed) =>
    modals.openConfirmModal({
      title: 'Replace calendar link',
      children: (
        <Text fz="sm">
          The current link (ending <strong>{hint(feed)}</strong>) stops working at once, and calendars
          subscribed to it stop updating. Everyone who uses it must subscribe again with the new link.
        </Text>
      ),
      labels: { confirm: 'Replace link', cancel: 'Cancel' },
      confirmProps: { leftSection: <IconRefresh size={16} /> },
      onConfirm: makeLink,
    });

  const confirmRevoke = (feed: CalendarFeed) =>
    modals.openConfirmModal({
      title: 'Revoke calendar link',
      children: (
        <Text fz="sm">
          The link ending <strong>{hint(feed)}</strong> stops working at once, and calendars subscribed to it
          stop updating. You can create a new link later.
        </Text>
      ),
      labels: { confirm: 'Revoke link', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconLinkOff size={16} /> },
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            setNewUrl(null);
            notify.success('Calendar feed revoked');
          },
          onError: (error) => {
            if (needsToast(error))
              notify.warning(errorMessage(error, 'An error occurred while revoking the calendar link'));
          },
        }),
    });

  const busy = create.isPending || revoke.isPending;
  const whose = customerid === actor.customerId ? 'your' : "this customer's";

  return (
    <Box {...boxProps}>
      <Panel title="Maintenance calendar">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            A private calendar link listing the scheduled works and planned hazard windows that affect {whose}{' '}
            services, from 90 days ago onwards, each with the services it touches. Staff can subscribe to it
            in Outlook or Google Calendar, and monitoring or ticketing tools can read it too: it carries the
            industry's maintenance notification fields (X-MAINTNOTE). Anyone who has the link can read the
            calendar, so share it only with the people who should.
          </Text>

          {newUrl && <NewLink url={newUrl} />}

          {query.isPending ? (
            <Skeleton h={64} radius="md" aria-label="Loading calendar link" />
          ) : query.isError ? (
            <LoadError error={query.error} what="the calendar link" onRetry={() => query.refetch()} />
          ) : query.data ? (
            <Group justify="space-between" gap="sm" align="center">
              <Text fz="sm">
                Calendar link ending <strong>{hint(query.data)}</strong>, created{' '}
                {formatDateTime(query.data.createdat)}
                {query.data.createdby ? ` by ${query.data.createdby}` : ''}.
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  onClick={() => query.data && confirmReplace(query.data)}
                  loading={create.isPending}
                  disabled={busy}
                >
                  Replace link
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconLinkOff size={16} />}
                  onClick={() => query.data && confirmRevoke(query.data)}
                  loading={revoke.isPending}
                  disabled={busy}
                >
                  Revoke
                </Button>
              </Group>
            </Group>
          ) : (
            <Group justify="space-between" gap="sm" align="center">
              <Text fz="sm">There is no calendar link yet.</Text>
              <Button
                leftSection={<IconCalendarPlus size={16} />}
                onClick={makeLink}
                loading={create.isPending}
              >
                Create calendar link
              </Button>
            </Group>
          )}
        </Stack>
      </Panel>
    </Box>
  );
}

// The new link, once: the server keeps only a hash of it, so it cannot be shown again.
function NewLink({ url }: { url: string }) {
  return (
    <Alert color="teal" variant="light" title="Your new calendar link" role="status">
      <Stack gap="sm">
        <Text fz="sm">Copy it now: it is shown only this once. If it is lost, replace the link.</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            readOnly
            value={url}
            aria-label="Calendar link"
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
            ff="monospace"
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>
            <strong>Outlook:</strong> in Calendar choose Add calendar → Subscribe from web, paste the link,
            name the calendar and import it.
          </List.Item>
          <List.Item>
            <strong>Google Calendar:</strong> next to Other calendars choose + → From URL, paste the link and
            choose Add calendar.
          </List.Item>
        </List>
        <Text fz="xs" c="dimmed">
          Calendar apps fetch subscribed calendars on their own schedule, often only every few hours, so a
          change can take a while to appear.
        </Text>
      </Stack>
    </Alert>
  );
}
