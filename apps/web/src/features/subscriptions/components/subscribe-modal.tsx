import { can } from '@lightpath/domain/permissions';
import {
  choosesSubscriber,
  type SubscriptionCreate,
  subscriptionCreateSchema,
  subscriptionMessages,
} from '@lightpath/domain/subscriptions';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBellPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useServices } from '../../../lib/queries/list-services';
import { useUsers } from '../../../lib/queries/list-users';
import { useSession } from '../../../lib/session';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateSubscription } from '../api/create-subscription';

type Values = { serviceid: string; userid: string };
type Option = { value: string; label: string };

const myself = 'me';

function toCreate(values: Values): SubscriptionCreate {
  return {
    serviceid: values.serviceid,
    ...(values.userid !== myself && values.userid !== '' && { userid: Number(values.userid) }),
  };
}

const validate = zodResolver(subscriptionCreateSchema, toCreate);

// The options a server search found, plus the one already chosen (so it stays shown when a later
// search no longer returns it).
function withChosen(found: Option[], chosen: Option | null): Option[] {
  if (!chosen || found.some((o) => o.value === chosen.value)) return found;
  return [chosen, ...found];
}

export function SubscribeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Full screen on a phone, like every form modal: a centred one leaves no room for the drop-downs.
  const phone = useMediaQuery('(max-width: 36em)');
  const { actor, user } = useSession();
  // Staff and customer admins choose whom to subscribe (among the users they can list); a customer
  // user, and engineering who cannot list users, subscribe themselves.
  const choosesUser = choosesSubscriber(actor) && can(actor, 'users.view');
  const create = useCreateSubscription();
  const form = useForm<Values>({ initialValues: { serviceid: '', userid: myself }, validate });

  const [serviceSearch, setServiceSearch] = useState('');
  const [chosenService, setChosenService] = useState<Option | null>(null);
  const [serviceQ] = useDebouncedValue(serviceSearch.trim(), 300);
  // Once a service is chosen the input shows its label; that is not a new search.
  const searchingServices = serviceQ !== '' && serviceQ !== chosenService?.label;
  const services = useServices(
    { limit: 20, offset: 0, q: serviceQ || undefined, sort: 'serviceid' },
    opened && searchingServices,
  );
  const serviceOptions = withChosen(
    searchingServices
      ? (services.data?.results ?? []).map((s) => ({
          value: s.serviceid,
          label: `${s.serviceid} — ${s.description}`,
        }))
      : [],
    chosenService,
  );

  const [userSearch, setUserSearch] = useState('');
  const [chosenUser, setChosenUser] = useState<Option | null>(null);
  const [userQ] = useDebouncedValue(userSearch.trim(), 300);
  const myselfOption = { value: myself, label: `Myself (${user.email})` };
  const searchingUsers = userQ !== '' && userQ !== chosenUser?.label && userQ !== myselfOption.label;
  const users = useUsers(
    { limit: 20, offset: 0, q: searchingUsers ? userQ : undefined, sort: 'surname' },
    opened && choosesUser,
  );
  const userOptions = withChosen(
    [
      myselfOption,
      ...(users.data?.results ?? [])
        .filter((u) => u.userid !== actor.userId && u.enabled)
        .map((u) => ({ value: String(u.userid), label: `${u.firstname} ${u.surname} (${u.email})` })),
    ],
    chosenUser,
  );

  const close = () => {
    form.reset();
    setServiceSearch('');
    setChosenService(null);
    setUserSearch('');
    setChosenUser(null);
    onClose();
  };

  const submit = form.onSubmit((values) =>
    create.mutate(toCreate(values), {
      onSuccess: (reply) => {
        notify.success(reply.message ?? subscriptionMessages.created);
        close();
      },
      onError: (error) => reportFormError(form, error, 'An error occurred while subscribing'),
    }),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Subscribe to service notifications"
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate aria-label="Subscribe">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            The subscriber is told about every event on the service: planned maintenance and outages.
          </Text>
          <Select
            label="Service"
            placeholder="Search by service ID or description"
            required
            searchable
            clearable
            data={serviceOptions}
            searchValue={serviceSearch}
            onSearchChange={setServiceSearch}
            filter={({ options }) => options}
            nothingFoundMessage={
              searchingServices
                ? services.isFetching
                  ? 'Searching…'
                  : 'No matching service'
                : 'Type to search'
            }
            value={form.values.serviceid || null}
            onChange={(value, option) => {
              setChosenService(value && option ? { value, label: option.label } : null);
              form.setFieldValue('serviceid', value ?? '');
            }}
            error={form.errors.serviceid}
          />
          {choosesUser && (
            <Select
              label="Subscriber"
              searchable
              allowDeselect={false}
              data={userOptions}
              searchValue={userSearch}
              onSearchChange={setUserSearch}
              filter={({ options }) => options}
              nothingFoundMessage={searchingUsers && users.isFetching ? 'Searching…' : 'No matching user'}
              value={form.values.userid}
              onChange={(value, option) => {
                setChosenUser(value && option && value !== myself ? { value, label: option.label } : null);
                form.setFieldValue('userid', value ?? myself);
              }}
              error={form.errors.userid}
            />
          )}
          {form.errors[formLevelKey] && (
            <Text fz="sm" c="red">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconBellPlus size={16} />} loading={create.isPending}>
              Subscribe
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
