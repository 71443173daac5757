import {
  type AwxLaunch,
  type AwxOperation,
  awxLaunchSchema,
  awxMessages,
  awxOperationInfo,
  isAwxOperation,
  launchProblem,
} from '@lightpath/domain/awx';
import { portStates } from '@lightpath/domain/equipment';
import { Alert, Anchor, Button, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { notify } from '../../../lib/notify';
import { launchOperation } from '../api/launch-operation';
import { useShelfPorts } from '../api/list-shelf-ports';
import { jobHref } from '../job-format';
import { launchLabel, operationGroups } from '../operation-groups';
import { watchAndRemember } from '../use-watched-jobs';

export type OperationShelf = { equipmentid: number; equipmentname: string };

type Props = {
  shelves: OperationShelf[];
  // Chosen from the shelf page's Operations menu; the equipment list's dialog starts with none.
  operation?: AwxOperation | null;
  onClose: () => void;
  onLaunched?: () => void;
};

const operationData = operationGroups.map((group) => ({
  group: group.label,
  items: group.operations.map((operation) => ({
    value: operation,
    label: awxOperationInfo[operation].label,
  })),
}));

function PortPicker({
  shelf,
  value,
  onChange,
  error,
}: {
  shelf: OperationShelf;
  value: string | null;
  onChange: (port: string | null) => void;
  error?: string | undefined;
}) {
  const ports = useShelfPorts(shelf.equipmentid);
  const data = (ports.data ?? []).map((port) => ({
    value: port.name,
    label: `${port.name} · ${portStates[port.state]}${port.service ? ` · ${port.service.serviceid}` : ''}`,
  }));
  return (
    <Select
      label={`Port on ${shelf.equipmentname}`}
      placeholder={ports.isPending ? 'Loading ports…' : 'Choose a port'}
      searchable
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage="No port matches"
      error={ports.isError ? errorMessage(ports.error, 'The ports could not be read') : error}
      limit={200}
    />
  );
}

// A device operation on the chosen shelves (spec 7.7): the operation, a port per device for port
// operations, the filter for filtered logs, and for operations that change a device a second step naming
// every device and port before the launch. The launch is watched and a toast links to its job.
export function RunOperationModal({ shelves, operation: initial = null, onClose, onLaunched }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [operation, setOperation] = useState<AwxOperation | null>(initial);
  const [ports, setPorts] = useState<Record<number, string | null>>({});
  const [filter, setFilter] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [launching, setLaunching] = useState(false);
  // One key per launch the user asks for: a double click or a retry of the same launch sends the same
  // key (one job); any change to what is launched makes a new one.
  const key = useRef<{ of: string; value: string } | null>(null);

  const info = operation ? awxOperationInfo[operation] : null;
  const launch: AwxLaunch = {
    equipmentarray: shelves.map((shelf) => ({
      equipmentid: shelf.equipmentid,
      ...(info?.needsPort && ports[shelf.equipmentid] ? { port: ports[shelf.equipmentid] as string } : {}),
    })),
    ...(info?.changes ? { confirmed: true } : {}),
    ...(operation === 'show/logsfiltered' ? { filter: filter.trim() } : {}),
  };
  const missingPort = (shelf: OperationShelf) => Boolean(info?.needsPort && !ports[shelf.equipmentid]);
  const shapeProblem = awxLaunchSchema.safeParse(launch).error?.issues[0]?.message ?? null;
  const formProblem = !operation
    ? 'Choose an operation'
    : shelves.some(missingPort)
      ? awxMessages.portRequired(shelves.find(missingPort)?.equipmentname ?? '')
      : (shapeProblem ?? launchProblem(operation, launch));

  const idempotencyKey = () => {
    const of = JSON.stringify([operation, launch]);
    if (key.current?.of !== of) key.current = { of, value: newIdempotencyKey() };
    return key.current.value;
  };

  const next = () => {
    setShowErrors(true);
    if (formProblem || !operation) return;
    if (info?.changes && !confirming) {
      setConfirming(true);
      return;
    }
    void start(operation);
  };

  const start = async (chosen: AwxOperation) => {
    setLaunching(true);
    setProblem(null);
    try {
      const { job, message } = await launchOperation(chosen, launch, idempotencyKey());
      key.current = null;
      void queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] });
      try {
        await watchAndRemember(queryClient, job.id);
      } catch {
        // The job runs whether or not it could be watched; its link below still leads to it.
      }
      notifications.show({
        color: 'teal',
        autoClose: 6000,
        message: (
          <Text fz="sm">
            {message ?? awxMessages.launched(awxOperationInfo[chosen].label, shelves.length)}.{' '}
            <Anchor
              href={jobHref(job)}
              fz="sm"
              onClick={(event) => {
                event.preventDefault();
                notifications.hide(`job-${job.id}`);
                navigate(jobHref(job));
              }}
            >
              Open job {job.id}
            </Anchor>
          </Text>
        ),
        id: `job-${job.id}`,
      });
      onLaunched?.();
      onClose();
    } catch (error) {
      // A 400 (unknown device, a port not on it) or AWX's refusal (502) is said in the dialog.
      if (needsToast(error)) setProblem(errorMessage(error, awxMessages.unreachable));
      else notify.warning(errorMessage(error, awxMessages.unreachable));
    } finally {
      setLaunching(false);
    }
  };

  const title = confirming && operation ? `Confirm: ${awxOperationInfo[operation].label}` : 'Run operation';
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="md">
        {confirming && operation ? (
          <>
            <Text fz="sm">
              <strong>{awxOperationInfo[operation].label}</strong> changes{' '}
              {shelves.length === 1 ? 'this device' : `these ${shelves.length} devices`}. Check each one
              before you go on:
            </Text>
            <List spacing={4} fz="sm" data-testid="operation-targets">
              {shelves.map((shelf) => (
                <List.Item key={shelf.equipmentid}>
                  <Text span ff="monospace" fw={600} fz="sm">
                    {shelf.equipmentname}
                  </Text>
                  {info?.needsPort && ports[shelf.equipmentid] ? (
                    <>
                      {', port '}
                      <Text span ff="monospace" fw={600} fz="sm">
                        {ports[shelf.equipmentid]}
                      </Text>
                    </>
                  ) : null}
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <>
            <Text fz="sm">
              On{' '}
              {shelves.map((shelf, index) => (
                <span key={shelf.equipmentid}>
                  {index > 0 ? ', ' : ''}
                  <Text span ff="monospace" fw={600} fz="sm">
                    {shelf.equipmentname}
                  </Text>
                </span>
              ))}
            </Text>
            <Select
              label="Operation"
              placeholder="Choose an operation"
              data={operationData}
              value={operation}
              onChange={(value) => {
                setOperation(value && isAwxOperation(value) ? value : null);
                setProblem(null);
              }}
              searchable
              error={showErrors && !operation ? 'Choose an operation' : undefined}
              data-autofocus
            />
            {info?.changes && (
              <Text fz="xs" c="dimmed">
                This operation changes the device. You will confirm the devices
                {info.needsPort ? ' and ports' : ''} next.
              </Text>
            )}
            {info?.needsPort &&
              shelves.map((shelf) => (
                <PortPicker
                  key={shelf.equipmentid}
                  shelf={shelf}
                  value={ports[shelf.equipmentid] ?? null}
                  onChange={(port) => setPorts((current) => ({ ...current, [shelf.equipmentid]: port }))}
                  error={
                    showErrors && missingPort(shelf)
                      ? awxMessages.portRequired(shelf.equipmentname)
                      : undefined
                  }
                />
              ))}
            {operation === 'show/logsfiltered' && (
              <TextInput
                label="Filter"
                description="Only log lines containing this text"
                value={filter}
                onChange={(event) => setFilter(event.currentTarget.value)}
                maxLength={100}
                error={showErrors && !filter.trim() ? awxMessages.filterRequired : undefined}
              />
            )}
          </>
        )}
        {showErrors &&
          formProblem &&
          operation &&
          !shelves.some(missingPort) &&
          formProblem !== awxMessages.filterRequired && (
            <Text fz="sm" c="red" role="alert">
              {formProblem}
            </Text>
          )}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {confirming ? (
            <Button variant="default" onClick={() => setConfirming(false)} disabled={launching}>
              Back
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          )}
          <Button
            onClick={next}
            loading={launching}
            color={confirming ? 'red' : undefined}
            leftSection={<IconPlayerPlay size={16} />}
          >
            {operation && (confirming || !info?.changes)
              ? launchLabel(operation, shelves.length)
              : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
