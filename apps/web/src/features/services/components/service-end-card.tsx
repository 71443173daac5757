import { hasLogicalBEnd, type Service, serviceTypeOf } from '@lightpath/domain/services';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { portRoute } from '../../../lib/service-links';
import { Fact, FactList } from './fact-list';
import { SiteEnd } from './site-end';

// `portLinked`: the port id opens the port on its shelf (staff with equipment.view).
type Props = { service: Service; end: 'A' | 'B'; linked: boolean; portLinked?: boolean };

const logicalNames: Record<string, string> = { F: 'VPLS network', G: 'L3VPN', H: 'Internet' };

export function ServiceEndCard({ service, end, linked, portLinked = false }: Props) {
  const { letter } = serviceTypeOf(service.serviceid);
  const a = end === 'A';
  const logical = !a && letter !== null && hasLogicalBEnd(letter);
  const patching = service.patching;
  const address = a ? patching?.aendaddress : patching?.bendaddress;
  const portid = a ? service.aendportid : service.bendportid;
  const panel = a ? patching?.aendpanel : patching?.bendpanel;
  const port = a ? patching?.aendport : patching?.bendport;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      component="section"
      aria-label={`${end} end`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={650}>{end} end</Text>
          {logical && letter && (
            <Badge size="sm" variant="light" color="grape">
              {logicalNames[letter]}
            </Badge>
          )}
        </Group>
        <SiteEnd
          end={end}
          letter={letter}
          siteid={a ? service.aendsiteid : service.bendsiteid}
          sitenumber={a ? service.aendsitenumber : service.bendsitenumber}
          sitename={a ? service.aendsitename : service.bendsitename}
          linked={linked}
        />
        <FactList>
          <Fact label="Port id">
            {portid && portLinked ? (
              <Anchor component={Link} to={portRoute(portid)} ff="monospace" fz="sm">
                {portid}
              </Anchor>
            ) : portid ? (
              <Text span ff="monospace" fz="sm">
                {portid}
              </Text>
            ) : (
              '—'
            )}
          </Fact>
          {!logical && (panel || port) && (
            <Fact label="Panel / port">{[panel, port].filter(Boolean).join(' / ')}</Fact>
          )}
          <Fact label="Address">{address || '—'}</Fact>
        </FactList>
      </Stack>
    </Paper>
  );
}
