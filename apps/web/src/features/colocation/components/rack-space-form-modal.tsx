import {
  canHoldRackSpace,
  colocationMessages,
  type RackSpace,
  rackSpaceCreateSchema,
  rackSpaceUpdateSchema,
} from '@lightpath/domain/colocation';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { changedFields } from '../../../lib/changed-fields';
import { notify } from '../../../lib/notify';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSiteOptions } from '../../../lib/queries/list-site-options';
import { useSession } from '../../../lib/session';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateRackSpace } from '../api/create-rack-space';
import { useUpdateRackSpace } from '../api/update-rack-space';
import {
  blankRackSpaceValues,
  type RackSpaceFormValues,
  toRackSpaceCreate,
  toRackSpaceUpdate,
  valuesFromRackSpace,
} from '../rack-space-form-values';

type Props = { opened: boolean; onClose: () => void; rack?: RackSpace | undefined; customerid?: string };

const validateCreate = zodResolver(rackSpaceCreateSchema, toRackSpaceCreate);
const validateUpdate = zodResolver(rackSpaceUpdateSchema, toRackSpaceUpdate);

// The sites a new rack space can be at (domain canHoldRackSpace): the network's PoPs and exchanges
// and the chosen customer's own physical sites. Only provider staff create rack spaces, and their own
// customer is the network.
function useRackSites(customerid: string, enabled: boolean) {
  const { actor } = useSession();
  const network = useSiteOptions({ customerid: actor.customerId }, enabled);
  const chosen = Number(customerid);
  const own = useSiteOptions({ customerid: chosen }, enabled && chosen > 0 && chosen !== actor.customerId);
  const sites = useMemo(
    () =>
      // By id, once: the network's own sites come back in both reads when the NOC picks the network.
      [
        ...new Map(
          [...(network.data ?? []), ...(chosen > 0 ? (own.data ?? []) : [])].map((s) => [s.siteid, s]),
        ).values(),
      ]
        .filter((site) =>
          canHoldRackSpace(
            { customerId: site.customerid, siteType: site.sitetype },
            chosen,
            actor.customerId,
          ),
        )
        .map((site) => ({ value: String(site.siteid), label: `${site.sitename} (${site.sitenumber})` })),
    [network.data, own.data, chosen, actor.customerId],
  );
  return { sites, isPending: network.isPending };
}

// Creates a rack space, or edits one when `rack` is given (its rack id, description and end date;
// never its site or customer). Mounted per rack space, so the form starts from the one it edits.
export function RackSpaceFormModal({ opened, onClose, rack, customerid = '' }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const createRack = useCreateRackSpace();
  const updateRack = useUpdateRackSpace(rack?.rackspaceid ?? '');
  const form = useForm<RackSpaceFormValues>({
    initialValues: rack ? valuesFromRackSpace(rack) : blankRackSpaceValues(customerid),
    validate: rack ? validateUpdate : validateCreate,
  });
  const customers = useAllCustomers(opened && !rack);
  const { sites, isPending } = useRackSites(form.values.customerid, opened && !rack);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!rack) {
      createRack.mutate(toRackSpaceCreate(values), {
        onSuccess: (created) => {
          notify.success(`${colocationMessages.rackSpaceCreated}: ${created.rackspaceid}`);
          close();
        },
        onError: (error) => reportFormError(form, error, colocationMessages.rackSpaceCreateFailed),
      });
      return;
    }
    const body = changedFields(toRackSpaceUpdate(values), toRackSpaceUpdate(valuesFromRackSpace(rack)));
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    updateRack.mutate(body, {
      onSuccess: (updated) => {
        notify.success(`${colocationMessages.rackSpaceUpdated}: ${updated.rackspaceid}`);
        onClose();
      },
      onError: (error) => reportFormError(form, error, colocationMessages.rackSpaceUpdateFailed),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={rack ? `Edit rack space ${rack.rackspaceid}` : 'New rack space'}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {rack ? (
            <Text fz="sm" c="dimmed">
              {rack.customername} at {rack.sitename} ({rack.sitenumber}). A rack space stays at its site and
              with its customer: its cross-connects were made there.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Customer"
                required
                searchable
                placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'}
                nothingFoundMessage="No matching customer"
                data={(customers.data ?? []).map((c) => ({
                  value: String(c.customerid),
                  label: `${c.customername} (${c.customercode})`,
                }))}
                {...form.getInputProps('customerid')}
                onChange={(value) => {
                  form.setFieldValue('customerid', value ?? '');
                  form.setFieldValue('siteid', '');
                }}
              />
              <Select
                label="Site"
                required
                searchable
                disabled={form.values.customerid === ''}
                placeholder={
                  form.values.customerid === ''
                    ? 'Choose the customer first'
                    : isPending
                      ? 'Loading sites…'
                      : 'A PoP, exchange or the customer’s site'
                }
                nothingFoundMessage="No matching site"
                data={sites}
                {...form.getInputProps('siteid')}
              />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Rack id"
              description={
                rack ? 'Renaming keeps its cross-connects' : 'Unique across the network, e.g. S0012-H1-R07'
              }
              required
              data-autofocus
              {...form.getInputProps('rackspaceid')}
            />
            <TextInput
              label="End date"
              description="Then no new cross-connects to it"
              type="date"
              {...form.getInputProps('enddate')}
            />
          </SimpleGrid>
          <TextInput
            label="Description"
            placeholder="e.g. Half rack, U1–U21"
            {...form.getInputProps('description')}
          />
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createRack.isPending || updateRack.isPending}>
              {rack ? 'Save changes' : 'Create rack space'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
