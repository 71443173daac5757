import {
  type CrossConnect,
  colocationMessages,
  crossConnectCreateSchema,
  crossConnectLabel,
  crossConnectUpdateSchema,
} from '@lightpath/domain/colocation';
import { Button, Fieldset, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { changedFields } from '../../../lib/changed-fields';
import { notify } from '../../../lib/notify';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateCrossConnect } from '../api/create-cross-connect';
import { useUpdateCrossConnect } from '../api/update-cross-connect';
import {
  blankCrossConnectValues,
  type CrossConnectFormValues,
  toCrossConnectCreate,
  toCrossConnectUpdate,
  valuesFromCrossConnect,
} from '../cross-connect-form-values';
import { RackSpacePicker } from './rack-space-picker';

type Props = { opened: boolean; onClose: () => void; crossConnect?: CrossConnect | undefined };

const validateCreate = zodResolver(crossConnectCreateSchema, toCrossConnectCreate);
const validateUpdate = zodResolver(crossConnectUpdateSchema, toCrossConnectUpdate);

// Joins two rack spaces, or edits a cross-connect when one is given. The A end is the customer's rack
// space; the B end is picked among what a cross-connect from it may reach (same site, no end date,
// the same customer's or the network's), so the choice is right before the server checks it.
export function CrossConnectFormModal({ opened, onClose, crossConnect }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const createConnect = useCreateCrossConnect();
  const updateConnect = useUpdateCrossConnect(crossConnect?.crossconnectid ?? 0);
  const form = useForm<CrossConnectFormValues>({
    initialValues: crossConnect ? valuesFromCrossConnect(crossConnect) : blankCrossConnectValues(),
    validate: crossConnect ? validateUpdate : validateCreate,
  });
  const aEnd = form.values.aendrackspaceid;

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!crossConnect) {
      createConnect.mutate(toCrossConnectCreate(values), {
        onSuccess: (created) => {
          notify.success(`${colocationMessages.crossConnectCreated}: ${crossConnectLabel(created)}`);
          close();
        },
        onError: (error) => reportFormError(form, error, colocationMessages.crossConnectCreateFailed),
      });
      return;
    }
    const body = changedFields(
      toCrossConnectUpdate(values),
      toCrossConnectUpdate(valuesFromCrossConnect(crossConnect)),
    );
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    updateConnect.mutate(body, {
      onSuccess: () => {
        notify.success(colocationMessages.crossConnectUpdated);
        onClose();
      },
      onError: (error) => reportFormError(form, error, colocationMessages.crossConnectUpdateFailed),
    });
  });

  const current = (end: 'a' | 'b') =>
    crossConnect
      ? {
          rackspaceid: end === 'a' ? crossConnect.aendrackspaceid : crossConnect.bendrackspaceid,
          label: `${end === 'a' ? crossConnect.aendrackspaceid : crossConnect.bendrackspaceid} · ${crossConnect.sitename} (as now)`,
        }
      : undefined;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={crossConnect ? `Edit cross-connect ${crossConnectLabel(crossConnect)}` : 'New cross-connect'}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Fieldset legend="A end: the customer's rack space">
            <Stack gap="sm">
              <RackSpacePicker
                label="A-end rack space"
                required
                placeholder="Search by rack id or site"
                data-autofocus
                current={current('a')}
                customerId={crossConnect?.customerid}
                {...form.getInputProps('aendrackspaceid')}
                value={aEnd}
                onChange={(value) => {
                  form.setFieldValue('aendrackspaceid', value);
                  // A new A end may be at another site or another customer's: choose the B end again.
                  if (!crossConnect) form.setFieldValue('bendrackspaceid', '');
                }}
              />
              <SimpleGrid cols={2}>
                <TextInput label="A-end patch panel" {...form.getInputProps('aendpanel')} />
                <TextInput label="A-end port" {...form.getInputProps('aendport')} />
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Fieldset legend="B end: the same customer's rack space or the network's">
            <Stack gap="sm">
              <RackSpacePicker
                label="B-end rack space"
                required
                disabled={aEnd === ''}
                placeholder={aEnd === '' ? 'Choose the A end first' : 'Search by rack id'}
                joinsWith={aEnd}
                exclude={aEnd}
                current={current('b')}
                {...form.getInputProps('bendrackspaceid')}
                value={form.values.bendrackspaceid}
                onChange={(value) => form.setFieldValue('bendrackspaceid', value)}
              />
              <SimpleGrid cols={2}>
                <TextInput label="B-end patch panel" {...form.getInputProps('bendpanel')} />
                <TextInput label="B-end port" {...form.getInputProps('bendport')} />
              </SimpleGrid>
            </Stack>
          </Fieldset>
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createConnect.isPending || updateConnect.isPending}>
              {crossConnect ? 'Save changes' : 'Create cross-connect'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
