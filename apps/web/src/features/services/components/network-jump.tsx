import { siteTypes } from '@lightpath/domain/sites';
import { Button, Group, Paper, Select, Skeleton, Text } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useSiteOptions } from '../../../lib/queries/list-site-options';

type Props = { sitetype: 2 | 4 };

const routeFor = (sitetype: 2 | 4, siteid: number) =>
  sitetype === 2 ? `/vpls/${siteid}` : `/l3vpn/${siteid}`;

// The VPLS and L3VPN lists show services; the networks themselves (sites of type 2 / 4) have their own
// pages. A customer has a handful, shown as buttons; provider staff see hundreds, so they get a search.
export function NetworkJump({ sitetype }: Props) {
  const navigate = useNavigate();
  const sites = useSiteOptions({ sitetype });
  const label = `${siteTypes[sitetype]} network`;

  if (sites.isPending) return <Skeleton h={52} radius="lg" mb="md" />;
  if (sites.isError || sites.data.length === 0) return null;

  const name = (site: (typeof sites.data)[number]) => site.vplsname || site.sitename;

  return (
    <Paper withBorder radius="lg" p="sm" mb="md" shadow="xs">
      <Group gap="sm" align="center">
        <Group gap={6} wrap="nowrap">
          <IconTopologyStar3 size={18} color="var(--mantine-color-grape-6)" aria-hidden="true" />
          <Text fz="sm" fw={600}>
            {sitetype === 2 ? 'VPLS networks' : 'L3VPN networks'}
          </Text>
        </Group>
        {sites.data.length <= 8 ? (
          <Group gap={6}>
            {sites.data.map((site) => (
              <Button
                key={site.siteid}
                component={Link}
                to={routeFor(sitetype, site.siteid)}
                size="compact-sm"
                variant="light"
                color="grape"
              >
                {name(site)}
              </Button>
            ))}
          </Group>
        ) : (
          <Select
            aria-label={`Open a ${label}`}
            placeholder={`Open a ${label}…`}
            searchable
            nothingFoundMessage="No matching network"
            data={sites.data.map((site) => ({
              value: String(site.siteid),
              label: `${name(site)} · ${site.customercode}`,
            }))}
            value={null}
            onChange={(value) => value && navigate(routeFor(sitetype, Number(value)))}
            style={{ flex: '1 1 240px' }}
            maw={420}
          />
        )}
      </Group>
    </Paper>
  );
}
