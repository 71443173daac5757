import {
  equipmentMessages,
  equipmentVendors,
  type Shelf,
  shelfCreateSchema,
  shelfUpdateSchema,
} from '@lightpath/domain/equipment';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { changedFields } from '../../../lib/changed-fields';
import { notify } from '../../../lib/notify';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateShelf, useUpdateShelf } from '../api/save-shelf';
import {
  blankShelfValues,
  type ShelfFormValues,
  toShelfCreate,
  toShelfUpdate,
  valuesFromShelf,
} from '../shelf-form-values';
import { SitePicker } from './pickers';

type Props = { opened: boolean; onClose: () => void; shelf?: Shelf | undefined };

const validateCreate = zodResolver(shelfCreateSchema, toShelfCreate);
const validateUpdate = zodResolver(shelfUpdateSchema, toShelfUpdate);

// Adds a shelf, or edits one when `shelf` is given. Mounted per shelf (keyed by the page), so the
// form always starts from the shelf it edits.
export function ShelfFormModal({ opened, onClose, shelf }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const createShelf = useCreateShelf();
  const updateShelf = useUpdateShelf(shelf?.equipmentid ?? 0);
  const form = useForm<ShelfFormValues>({
    initialValues: shelf ? valuesFromShelf(shelf) : blankShelfValues(),
    validate: shelf ? validateUpdate : validateCreate,
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!shelf) {
      const body = toShelfCreate(values);
      createShelf.mutate(body, {
        onSuccess: ({ shelf: created, message }) => {
          notify.success(message ?? equipmentMessages.created(created.equipmentname));
          close();
        },
        onError: (error) => reportFormError(form, error, equipmentMessages.createFailed),
      });
      return;
    }
    const body = changedFields(toShelfUpdate(values), toShelfUpdate(valuesFromShelf(shelf)));
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    updateShelf.mutate(body, {
      onSuccess: ({ shelf: saved, message }) => {
        notify.success(message ?? equipmentMessages.updated(saved.equipmentname));
        onClose();
      },
      onError: (error) => reportFormError(form, error, equipmentMessages.saveFailed),
    });
  });

  const site = form.values.siteid ? { value: form.values.siteid, label: form.values.sitelabel } : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={shelf ? `Edit ${shelf.equipmentname}` : 'Add shelf'}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Shelf name"
              required
              data-autofocus
              description="As the device calls itself, e.g. S0002pe"
              {...form.getInputProps('equipmentname')}
            />
            <TextInput label="IP address" {...form.getInputProps('ipaddress')} />
          </SimpleGrid>
          <SitePicker
            label="Site"
            required
            value={site}
            error={form.errors.siteid}
            onChange={(choice) =>
              form.setValues({ siteid: choice?.value ?? '', sitelabel: choice?.label ?? '' })
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Vendor"
              required
              allowDeselect={false}
              placeholder="Choose a vendor"
              data={[...equipmentVendors]}
              {...form.getInputProps('vendor')}
              value={form.values.vendor || null}
            />
            <TextInput label="Model" required {...form.getInputProps('model')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Software version" {...form.getInputProps('spack')} />
            <TextInput label="Serial number" {...form.getInputProps('serial')} />
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
            <Button type="submit" loading={createShelf.isPending || updateShelf.isPending}>
              {shelf ? 'Save changes' : 'Add shelf'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
