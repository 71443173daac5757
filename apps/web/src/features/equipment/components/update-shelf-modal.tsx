import { shelfUpdateTexts, shelfUpdateWrites } from '@lightpath/domain/equipment';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useShelfUpdate } from '../api/update-shelf-check';
import {
  checkedFlow,
  couldNotCheckFlow,
  failedFlow,
  idleFlow,
  runningFlow,
  stateLabels,
  type UpdateFlow,
  updatedFlow,
} from '../update-shelf-flow';
import { ShelfPicker } from './pickers';
import type { Choice } from './search-select';

type Props = {
  opened: boolean;
  onClose: () => void;
  // Opened from a shelf's page, the shelf is chosen already; from the sidebar the user picks one.
  shelf?: { equipmentid: number; equipmentname: string } | undefined;
};

const toneLooks = {
  neutral: { color: 'gray', icon: IconInfoCircle },
  good: { color: 'teal', icon: IconCircleCheck },
  bad: { color: 'red', icon: IconAlertTriangle },
  attention: { color: 'orange', icon: IconAlertTriangle },
} as const;

// The picker's label is 'name · site'; the texts name the shelf alone.
const shelfNameOf = (choice: Choice) => choice.label.split(' · ')[0] ?? choice.label;

export function UpdateShelfModal({ opened, onClose, shelf }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const preset = shelf ? { value: String(shelf.equipmentid), label: shelf.equipmentname } : null;
  const [chosen, setChosen] = useState<Choice | null>(preset);
  const [flow, setFlow] = useState<UpdateFlow>(idleFlow);
  const run = useShelfUpdate();
  const running = flow.state === 1 || flow.state === 3;

  const close = () => {
    if (running) return;
    setFlow(idleFlow);
    if (!shelf) setChosen(null);
    onClose();
  };

  const act = (action: 'check' | 'update') => {
    if (!chosen) return;
    const name = shelfNameOf(chosen);
    const before = flow;
    setFlow(runningFlow(action));
    run.mutate(
      { equipmentid: Number(chosen.value), action },
      {
        onSuccess: ({ check, message }) => {
          if (action === 'check') {
            setFlow(checkedFlow(name, check, message));
            return;
          }
          const done = updatedFlow(name, message);
          setFlow(done);
          if (done.text) notify.success(done.text);
        },
        onError: (error) => {
          if (action === 'check')
            setFlow(couldNotCheckFlow(errorMessage(error, shelfUpdateTexts.couldNotCheck(name))));
          else setFlow(failedFlow(before, errorMessage(error, shelfUpdateTexts.failed(name))));
        },
      },
    );
  };

  const look = toneLooks[flow.tone];
  return (
    <Modal opened={opened} onClose={close} title="Update Shelf" size="lg" fullScreen={phone}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Check compares the portal's record of the shelf with what the device reports; Update writes the
          device's {shelfUpdateWrites} into the portal.
        </Text>
        {shelf ? (
          <Text fw={600} ff="monospace">
            {shelf.equipmentname}
          </Text>
        ) : (
          <ShelfPicker
            label="Shelf"
            required
            data-autofocus
            value={chosen}
            disabled={running}
            onChange={(choice) => {
              setChosen(choice);
              setFlow(idleFlow);
            }}
          />
        )}
        <Group gap="xs">
          <Text fz="sm">State:</Text>
          <Badge variant="light" color={running ? 'indigo' : look.color} data-testid="update-state">
            {flow.state} · {stateLabels[flow.state]}
          </Badge>
        </Group>
        <div role="status" aria-live="polite">
          {running ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text fz="sm">{flow.state === 1 ? 'Checking the shelf…' : 'Updating the shelf…'}</Text>
            </Group>
          ) : (
            flow.text && (
              <Alert variant="light" color={look.color} icon={<look.icon size={18} />}>
                {flow.text}
              </Alert>
            )
          )}
        </div>
        {flow.differences.length > 0 && !running && (
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Portal</Table.Th>
                <Table.Th>Device</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flow.differences.map((d) => (
                <Table.Tr key={d.field}>
                  <Table.Td>{d.field}</Table.Td>
                  <Table.Td ff="monospace">{d.portal ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">{d.device ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            Close
          </Button>
          <Button
            variant={flow.canUpdate ? 'default' : 'filled'}
            onClick={() => act('check')}
            disabled={!chosen || running}
            loading={flow.state === 1}
          >
            Check
          </Button>
          {flow.canUpdate && (
            <Button
              leftSection={<IconRefresh size={16} />}
              onClick={() => act('update')}
              disabled={running}
              loading={flow.state === 3}
            >
              Update
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
