import { isValidServiceId, serviceMessages } from '@lightpath/domain/services';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useHandoffs } from '../api/find-handoffs';
import { choicesFor, type HandoffChoice, type HandoffPort, handoffChoices } from '../handoffs';

type Props = {
  serviceid: string;
  selected: { A: string; B: string };
  onPick: (end: 'A' | 'B', port: HandoffPort) => void;
};

const confidenceColours = { confident: 'teal', maybe: 'yellow', unsure: 'gray' } as const;

function PortChoice({
  choice,
  picked,
  onPick,
}: {
  choice: HandoffChoice;
  picked: boolean;
  onPick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onPick}
      aria-pressed={picked}
      p={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        border: `1px solid var(--mantine-color-${picked ? 'indigo-5' : 'gray-3'})`,
        background: picked ? 'var(--mantine-color-indigo-light)' : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {picked && <IconCheck size={14} color="var(--mantine-color-indigo-6)" aria-hidden="true" />}
          <Text fz="sm" ff="monospace" truncate>
            {choice.port}
          </Text>
        </Group>
        <Badge size="xs" variant="light" color={confidenceColours[choice.confidence]}>
          {choice.confidence}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

// Spec 5/7.3: the finder proposes handoff ports for a new service id; picking one fills the port id.
export function HandoffFinder({ serviceid, selected, onPick }: Props) {
  const [requested, setRequested] = useState<string | null>(null);
  const [invalidId, setInvalidId] = useState<string | null>(null);
  const handoffs = useHandoffs(requested);

  // Spec 8: 'An error occurred while obtaining handoffs for this new service.' as a warning toast.
  // The server's own words when it gave some (e.g. an id whose sites it cannot find).
  const failure = handoffs.isError ? errorMessage(handoffs.error, serviceMessages.handoffFailed) : null;
  useEffect(() => {
    if (failure) notify.warning(failure, 'handoff-failed');
  }, [failure]);

  const find = () => {
    if (!isValidServiceId(serviceid)) {
      setInvalidId(serviceid);
      setRequested(null);
      return;
    }
    setInvalidId(null);
    if (requested === serviceid) void handoffs.refetch();
    else setRequested(serviceid);
  };

  const stale = requested !== null && requested !== serviceid;
  const choices = handoffs.data && !stale ? handoffChoices(handoffs.data) : null;

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlugConnected size={16} />}
          onClick={find}
          loading={handoffs.isFetching}
        >
          Find handoffs
        </Button>
        <Text fz="xs" c="dimmed" style={{ flex: '1 1 200px' }}>
          Looks up candidate ports for this service id. Picking one fills the port id; all optional.
        </Text>
      </Group>
      {invalidId !== null && (
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
          {serviceMessages.handoffIdInvalid(invalidId || '(incomplete)')}
        </Alert>
      )}
      {failure && !stale && (
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
          {failure}
        </Alert>
      )}
      {stale && (
        <Text fz="xs" c="dimmed">
          The service id changed since the last search; search again for its handoffs.
        </Text>
      )}
      {choices &&
        (choices.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No candidate handoffs were found for {requested}.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {(['A', 'B'] as const).map((end) => {
              const forEnd = choicesFor(choices, end);
              return (
                <Stack key={end} gap={6} role="group" aria-label={`${end} end handoffs`}>
                  <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
                    {end} end
                  </Text>
                  {forEnd.length === 0 ? (
                    <Text fz="sm" c="dimmed">
                      None found
                    </Text>
                  ) : (
                    forEnd.map((choice) => (
                      <PortChoice
                        key={`${choice.uuid}-${choice.confidence}`}
                        choice={choice}
                        picked={selected[end] === choice.uuid}
                        onPick={() => onPick(end, choice)}
                      />
                    ))
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
        ))}
    </Stack>
  );
}
