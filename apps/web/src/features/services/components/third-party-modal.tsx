import { type ServiceSummary, thirdPartyCreateSchema } from '@lightpath/domain/services';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { InlineWarning } from '../../../components/inline-warning';
import { notify } from '../../../lib/notify';
import { usePortalInfo } from '../../../lib/queries/get-portal-info';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateThirdParty } from '../api/create-third-party';
import { useNetboxCircuitTypes } from '../api/list-netbox-circuit-types';
import { useNetboxHeadends } from '../api/list-netbox-headends';
import { useNetboxProviders } from '../api/list-netbox-providers';
import {
  blankThirdPartyValues,
  type NetboxOption,
  type ThirdPartyFormValues,
  toThirdPartyCreate,
  withoutOwnProvider,
} from '../third-party-values';
import { ServicePicker } from './service-picker';

type Props = { opened: boolean; onClose: () => void };

const byId = (options: NetboxOption[]) => options.map((o) => ({ value: String(o.id), label: o.name }));
// Head-end ids are stored as text on the circuit (NetBox device names), so the picker's value is the name.
const byName = (options: NetboxOption[]) => [...new Set(options.map((o) => o.name))];

export function ThirdPartyModal({ opened, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const portal = usePortalInfo();
  const providers = useNetboxProviders(opened);
  const circuitTypes = useNetboxCircuitTypes(opened);
  const headends = useNetboxHeadends(opened);
  const create = useCreateThirdParty();
  const [service, setService] = useState<ServiceSummary | null>(null);
  const form = useForm<ThirdPartyFormValues>({
    initialValues: blankThirdPartyValues,
    validate: zodResolver(thirdPartyCreateSchema, toThirdPartyCreate),
  });

  const close = () => {
    form.reset();
    setService(null);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = toThirdPartyCreate(values);
    create.mutate(body, {
      onSuccess: () => {
        notify.success(`Third-party circuit ${body.circuitid} added to ${body.serviceid}`);
        close();
      },
      onError: (error) =>
        reportFormError(form, error, 'An error occurred while adding this third-party circuit'),
    });
  });

  const loading = (query: { isPending: boolean }) => (query.isPending ? 'Loading…' : undefined);
  const headendNames = byName(headends.data ?? []);

  return (
    <Modal opened={opened} onClose={close} title="Add third-party circuit" size="lg" fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServicePicker
            label="Service"
            required
            autoFocus
            value={service}
            error={form.errors.serviceid as string | undefined}
            onChange={(next) => {
              setService(next);
              form.setFieldValue('serviceid', next?.serviceid ?? '');
            }}
          />
          <TextInput label="Circuit id" required {...form.getInputProps('circuitid')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Provider"
              required
              searchable
              placeholder={loading(providers) ?? 'Choose a provider'}
              nothingFoundMessage="No matching provider"
              // Spec 5: the network itself is never its own third-party provider.
              data={byId(withoutOwnProvider(providers.data ?? [], portal.data?.provider.name))}
              {...form.getInputProps('providerid')}
            />
            <Select
              label="Circuit type"
              required
              searchable
              placeholder={loading(circuitTypes) ?? 'Choose a type'}
              nothingFoundMessage="No matching type"
              data={byId(circuitTypes.data ?? [])}
              {...form.getInputProps('circuittypeid')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Head-end"
              required
              searchable
              placeholder={loading(headends) ?? 'Choose a head-end'}
              nothingFoundMessage="No matching head-end"
              data={headendNames}
              {...form.getInputProps('headendid')}
            />
            <Select
              label="Redundant head-end"
              searchable
              clearable
              placeholder={loading(headends) ?? 'Optional'}
              nothingFoundMessage="No matching head-end"
              data={headendNames}
              {...form.getInputProps('redundantheadendid')}
            />
          </SimpleGrid>
          <TextInput label="Tail-end" placeholder="Optional" {...form.getInputProps('tailendid')} />
          {(providers.isError || circuitTypes.isError || headends.isError) && (
            <InlineWarning role="alert">
              Some NetBox lists could not be loaded. Try again in a moment.
            </InlineWarning>
          )}
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add circuit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
