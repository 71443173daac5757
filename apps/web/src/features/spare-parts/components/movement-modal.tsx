import {
  maxMovementQuantity,
  type SparePart,
  type SparePartMovement,
  sparePartMessages,
  sparePartMovementSchema,
} from '@lightpath/domain/spare-parts';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notify } from '../../../lib/notify';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useRecordSparePartMovement } from '../api/record-spare-part-movement';
import { SparePartStateBadge } from './spare-part-state-badge';

type MovementValues = {
  action: SparePartMovement;
  quantity: number | string;
  jobreference: string;
  note: string;
};

const toMovement = (uuid: string) => (values: MovementValues) => ({
  uuid,
  action: values.action,
  quantity: (values.quantity === '' ? undefined : Number(values.quantity)) as number,
  jobreference: values.jobreference,
  note: values.note,
});

type Props = { part: SparePart; opened: boolean; onClose: () => void };

// POST /inventory/ventia: what a technician fills in at the depot, on a phone as often as not, so
// it opens full screen there with large controls.
export function MovementModal({ part, opened, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const record = useRecordSparePartMovement();
  const form = useForm<MovementValues>({
    initialValues: { action: 'take', quantity: 1, jobreference: '', note: '' },
    validate: zodResolver(sparePartMovementSchema, toMovement(part.uuid)),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    record.mutate(sparePartMovementSchema.parse(toMovement(part.uuid)(values)), {
      onSuccess: ({ message }) => {
        notify.success(message ?? 'Recorded');
        close();
      },
      onError: (error) => reportFormError(form, error, sparePartMessages.recordFailed),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Take or return a part" size="md" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600} ff="monospace">
              {part.partnumber}
              {part.serial ? ` · S/N ${part.serial}` : ''}
            </Text>
            <Text fz="sm">{part.description}</Text>
            <Group gap="xs">
              <SparePartStateBadge state={part.state} />
              <Text fz="sm">
                {part.quantity} in stock at {part.depotsitename}
              </Text>
            </Group>
          </Stack>
          <SegmentedControl
            fullWidth
            size={phone ? 'md' : 'sm'}
            aria-label="Taken or returned"
            data={[
              { value: 'take', label: 'Take out' },
              { value: 'return', label: 'Return' },
            ]}
            {...form.getInputProps('action')}
          />
          <NumberInput
            label="Quantity"
            required
            min={1}
            max={maxMovementQuantity}
            allowDecimal={false}
            allowNegative={false}
            size={phone ? 'md' : 'sm'}
            {...form.getInputProps('quantity')}
          />
          <TextInput
            label="Job reference"
            placeholder="e.g. the job ticket number"
            size={phone ? 'md' : 'sm'}
            {...form.getInputProps('jobreference')}
          />
          <Textarea label="Note" autosize minRows={2} maxRows={5} {...form.getInputProps('note')} />
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs" grow={phone}>
            <Button variant="default" onClick={close} size={phone ? 'md' : 'sm'}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending} size={phone ? 'md' : 'sm'}>
              Record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
