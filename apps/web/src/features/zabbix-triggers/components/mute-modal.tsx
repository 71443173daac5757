import {
  type ZabbixTrigger,
  zabbixMuteSchema,
  zabbixTriggerMessages,
} from '@lightpath/domain/zabbix-triggers';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useMuteTrigger } from '../api/mute-trigger';

// How long a NOC mutes a flapping alarm for, most often overnight.
const durations = [
  { value: '60', label: '1 hour' },
  { value: '240', label: '4 hours' },
  { value: '720', label: 'Overnight (12 hours)' },
  { value: '1440', label: '1 day' },
  { value: '4320', label: '3 days' },
  { value: '10080', label: '7 days' },
];

type Values = { minutes: string; reason: string };

export function MuteModal({ trigger, onClose }: { trigger: ZabbixTrigger; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const mute = useMuteTrigger();
  const toInput = (values: Values) => ({
    triggerid: trigger.triggerid,
    minutes: Number(values.minutes),
    reason: values.reason,
  });
  const form = useForm<Values>({
    initialValues: { minutes: '720', reason: '' },
    validate: zodResolver(zabbixMuteSchema, toInput),
  });
  const until = Math.floor(Date.now() / 1000) + Number(form.values.minutes) * 60;

  const submit = form.onSubmit((values) =>
    mute.mutate(toInput(values), {
      onSuccess: () => {
        notify.success(`${zabbixTriggerMessages.muted}: ${trigger.description}`);
        onClose();
      },
      onError: (error) => reportFormError(form, error, zabbixTriggerMessages.muteFailed),
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Mute trigger" size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>{trigger.description}</Text>
            <Text fz="sm" c="dimmed">
              {trigger.hostname} ({trigger.host})
            </Text>
          </Stack>
          <Select
            label="Mute for"
            required
            allowDeselect={false}
            data={durations}
            description={`Until ${formatDateTime(until)}, then Zabbix alerts on it again`}
            {...form.getInputProps('minutes')}
          />
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxRows={6}
            placeholder="e.g. flapping optic, engineer replaces it in the morning"
            data-autofocus
            {...form.getInputProps('reason')}
          />
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mute.isPending}>
              Mute
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
