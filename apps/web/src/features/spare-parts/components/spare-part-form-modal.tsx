import {
  type SparePart,
  sparePartCreateSchema,
  sparePartMessages,
  sparePartStateIds,
  sparePartStates,
  sparePartUpdateSchema,
} from '@lightpath/domain/spare-parts';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { changedFields } from '../../../lib/changed-fields';
import { notify } from '../../../lib/notify';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateSparePart } from '../api/create-spare-part';
import { useUpdateSparePart } from '../api/update-spare-part';
import {
  blankSparePartValues,
  type SparePartFormValues,
  toSparePartCreate,
  toSparePartUpdate,
  valuesFromSparePart,
} from '../spare-part-form-values';
import { useDepots } from '../use-depots';

type Props = { opened: boolean; onClose: () => void; part?: SparePart | undefined; depotsiteid?: string };

const validateCreate = zodResolver(sparePartCreateSchema, toSparePartCreate);
const validateUpdate = zodResolver(sparePartUpdateSchema, toSparePartUpdate);
const stateOptions = sparePartStateIds.map((id) => ({ value: id, label: sparePartStates[id] }));

// Adds a part, or edits one when `part` is given. Mounted per part (keyed by the page), so the form
// always starts from the part it edits.
export function SparePartFormModal({ opened, onClose, part, depotsiteid = '' }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const { depots, isPending } = useDepots(opened);
  const createPart = useCreateSparePart();
  const updatePart = useUpdateSparePart(part?.uuid ?? '');
  const form = useForm<SparePartFormValues>({
    initialValues: part ? valuesFromSparePart(part) : blankSparePartValues(depotsiteid),
    validate: part ? validateUpdate : validateCreate,
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!part) {
      createPart.mutate(toSparePartCreate(values), {
        onSuccess: (created) => {
          notify.success(`${sparePartMessages.created}: ${created.partnumber}`);
          close();
        },
        onError: (error) => reportFormError(form, error, sparePartMessages.createFailed),
      });
      return;
    }
    const body = changedFields(toSparePartUpdate(values), toSparePartUpdate(valuesFromSparePart(part)));
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    updatePart.mutate(body, {
      onSuccess: () => {
        notify.success(sparePartMessages.updated);
        onClose();
      },
      onError: (error) => reportFormError(form, error, sparePartMessages.updateFailed),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={part ? `Edit ${part.partnumber}` : 'Add spare part'}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Part number" required data-autofocus {...form.getInputProps('partnumber')} />
            <TextInput
              label="Serial number"
              description="For a serialised part: one row per serial"
              {...form.getInputProps('serial')}
            />
          </SimpleGrid>
          <TextInput label="Description" required {...form.getInputProps('description')} />
          <Select
            label="Depot"
            required
            searchable
            placeholder={isPending ? 'Loading depots…' : 'Choose a PoP or exchange'}
            nothingFoundMessage="No matching depot"
            data={depots}
            {...form.getInputProps('depotsiteid')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Quantity"
              required
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('quantity')}
            />
            <Select
              label="State"
              required
              allowDeselect={false}
              data={stateOptions}
              {...form.getInputProps('state')}
            />
          </SimpleGrid>
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createPart.isPending || updatePart.isPending}>
              {part ? 'Save changes' : 'Add part'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
