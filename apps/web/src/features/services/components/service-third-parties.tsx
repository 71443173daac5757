import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useThirdParties } from '../api/list-third-parties';
import { Fact, FactList } from './fact-list';

// The third-party (NetBox) circuits riding on one service. NOC only, like the third-party list.
export function ServiceThirdParties({ serviceid }: { serviceid: string }) {
  const query = useThirdParties();
  if (query.isPending) return <Skeleton h={60} />;
  if (query.isError) {
    return (
      <Text fz="sm" c="dimmed">
        Third-party circuits are not available right now.
      </Text>
    );
  }
  const circuits = query.data.filter((c) => c.serviceid === serviceid);
  if (circuits.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No third-party circuits ride on this service.{' '}
        <Anchor component={Link} to="/services/thirdparty" fz="sm">
          Add one
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {circuits.map((circuit) => (
        <Stack key={circuit.id} gap={4}>
          <Text fw={600} fz="sm" ff="monospace">
            {circuit.circuitid}
          </Text>
          <FactList>
            <Fact label="Provider">{circuit.provider?.name ?? '—'}</Fact>
            <Fact label="Circuit type">{circuit.circuittype?.name ?? '—'}</Fact>
            <Fact label="Head-end">{circuit.headendid}</Fact>
            {circuit.redundantheadendid && (
              <Fact label="Redundant head-end">{circuit.redundantheadendid}</Fact>
            )}
            {circuit.tailendid && <Fact label="Tail-end">{circuit.tailendid}</Fact>}
          </FactList>
        </Stack>
      ))}
    </Stack>
  );
}
