import type { SiteCondition } from '@lightpath/domain/conditions';
import type { EventSite } from '@lightpath/domain/events';
import { Anchor, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SiteConditionBadge } from '../../../components/condition-badges';
import { Panel } from '../../../components/panel';

// The sites at either end of the event's services, each with its condition now.
export function EventSitesPanel({ sites, showCustomer }: { sites: EventSite[]; showCustomer: boolean }) {
  return (
    <Panel title="Sites" count={sites.length}>
      {sites.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconMapPin size={22} />}
          title="No sites"
          description="Sites at either end of the affected services appear here."
        />
      ) : (
        <Stack gap={0}>
          {sites.map((site, index) => (
            // Two lines: the side column is narrow, and a condition label can be long.
            <Stack
              key={site.siteid}
              gap={4}
              py={8}
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text ff="monospace" fz="sm" c="dimmed">
                  {site.sitenumber}
                </Text>
                <Anchor component={Link} to={`/site/${site.siteid}`} fz="sm" fw={500} truncate>
                  {site.sitename}
                </Anchor>
                {showCustomer && (
                  <Text fz="xs" c="dimmed" ff="monospace">
                    {site.customercode}
                  </Text>
                )}
              </Group>
              {/* Only enabled sites carry services into an event, so the status is never 'Disabled'. */}
              <Group>
                <SiteConditionBadge condition={site.condition as SiteCondition} status={1} />
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
