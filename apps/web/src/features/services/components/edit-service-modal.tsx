import {
  diversities,
  hasLogicalBEnd,
  type Service,
  serviceMessages,
  serviceStatuses,
  serviceTypeOf,
  serviceUpdateSchema,
  speedHints,
} from '@lightpath/domain/services';
import {
  Accordion,
  Autocomplete,
  Button,
  Grid,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { notify } from '../../../lib/notify';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useUpdateService } from '../api/update-service';
import {
  changedServiceFields,
  type ServiceDetailsValues,
  toServiceUpdate,
  valuesFromService,
} from '../service-form-values';
import { PatchingFields } from './patching-fields';
import { SlaTargetInput } from './sla-target-input';

// Mounted only while open, so each opening starts from the service as it is now, never from an
// abandoned earlier edit.
type Props = { service: Service; opened: boolean; onClose: () => void };

// The id, customer and sites make up the service id, so they are fixed; everything else can change.
export function EditServiceModal({ service, opened, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const updateService = useUpdateService(service.serviceid);
  const letter = serviceTypeOf(service.serviceid).letter ?? '';
  const logicalB = hasLogicalBEnd(letter);
  const [sections, setSections] = useState<string[]>([]);
  const initial = useMemo(() => valuesFromService(service), [service]);
  const toBody = useMemo(
    () => (values: ServiceDetailsValues) => toServiceUpdate(values, letter, service.bendsitename),
    [letter, service.bendsitename],
  );
  const form = useForm<ServiceDetailsValues>({
    initialValues: initial,
    validate: zodResolver(serviceUpdateSchema, toBody),
  });

  const submit = form.onSubmit(
    (values) => {
      const body = changedServiceFields(toBody(values), toBody(initial));
      if (Object.keys(body).length === 0) {
        notify.info('No changes to save');
        onClose();
        return;
      }
      updateService.mutate(body, {
        onSuccess: () => {
          notify.success(serviceMessages.updated(service.serviceid));
          onClose();
        },
        onError: (error) =>
          reportFormError(form, error, `An error occurred while updating ${service.serviceid}`),
      });
    },
    (errors) => {
      if (Object.keys(errors).some((k) => k.startsWith('patching.'))) setSections(['patching']);
    },
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Edit ${service.serviceid}`}
      size="xl"
      fullScreen={fullScreen}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Description" required data-autofocus {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Autocomplete label="Speed" data={[...speedHints, '10G']} {...form.getInputProps('speed')} />
            <Select label="Diversity" required data={[...diversities]} {...form.getInputProps('diversity')} />
            <Select
              label="Status"
              required
              allowDeselect={false}
              data={Object.entries(serviceStatuses).map(([value, label]) => ({ value, label }))}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Provisioning date"
                type="date"
                required
                {...form.getInputProps('provisiondate')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <SlaTargetInput letter={letter} {...form.getInputProps('slatarget')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label="Path" {...form.getInputProps('path')} />
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="A end port id" {...form.getInputProps('aendportid')} />
            <TextInput label="B end port id" {...form.getInputProps('bendportid')} />
            <TextInput label="Juniper port id" {...form.getInputProps('juniperportid')} />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <Accordion multiple value={sections} onChange={setSections} variant="separated">
            <Accordion.Item value="patching">
              <Accordion.Control>Patching</Accordion.Control>
              <Accordion.Panel>
                <PatchingFields
                  form={form}
                  hideBEnd={logicalB}
                  bsiteName={service.bendsitename ?? undefined}
                />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateService.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
