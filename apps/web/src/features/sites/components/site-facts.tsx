import { accessTypes, type Site, siteAddress, siteTypes } from '@lightpath/domain/sites';
import { Anchor, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../../lib/queries/get-site';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fz="sm" ta="right" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Group>
  );
}

function ParentSite({ siteid }: { siteid: number }) {
  // A customer may not see the provider's parent site (404); the id alone then stands in.
  const parent = useSite(siteid);
  if (!parent.data) return <>Site {siteid}</>;
  return (
    <Anchor component={Link} to={`/site/${siteid}`} fz="sm">
      {parent.data.sitenumber} · {parent.data.sitename}
    </Anchor>
  );
}

function formatCoordinate(value: number): string {
  return value.toFixed(5);
}

export function SiteFacts({ site }: { site: Site }) {
  const address = siteAddress(site);
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-labelledby="site-details">
      <Title order={3} fz="md" mb="md" id="site-details">
        Details
      </Title>
      <Stack gap={8}>
        <Fact label="Site number">
          <Text span ff="monospace" fz="sm">
            {site.sitenumber}
          </Text>
        </Fact>
        <Fact label="Type">{siteTypes[site.sitetype]}</Fact>
        <Fact label="Status">{site.status === 0 ? 'Disabled' : 'Enabled'}</Fact>
        <Fact label="Customer">
          {site.customername} ({site.customercode})
        </Fact>
        {site.parentsite && (
          <Fact label="Parent site">
            <ParentSite siteid={site.parentsite} />
          </Fact>
        )}
        <Fact label="Address">{address || '—'}</Fact>
        {site.latitude !== null && site.longitude !== null && (
          <Fact label="Coordinates">
            {formatCoordinate(site.latitude)}, {formatCoordinate(site.longitude)}
          </Fact>
        )}
        <Divider my={4} />
        <Fact label="Access type">{accessTypes[site.accesstype] ?? '—'}</Fact>
        <Fact label="Access hours">{site.accesshours || '—'}</Fact>
        {site.accessnotes && <Fact label="Access notes">{site.accessnotes}</Fact>}
        {site.sitenotes && <Fact label="Site notes">{site.sitenotes}</Fact>}
        {site.sitetype === 2 && (
          <>
            <Divider my={4} label="VPLS" labelPosition="left" />
            <Fact label="VPLS name">{site.vplsname || '—'}</Fact>
            <Fact label="MAC limit">{site.maclimit ?? '—'}</Fact>
            <Fact label="MAC flush">{site.macflush === 1 ? 'Yes' : 'No'}</Fact>
            <Fact label="Allowed VLANs">{site.allowedvlans === 'none' ? 'None' : 'All'}</Fact>
          </>
        )}
      </Stack>
    </Paper>
  );
}
