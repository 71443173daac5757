import { siteConditionLabel, siteConditions } from '@lightpath/domain/conditions';
import { can } from '@lightpath/domain/permissions';
import { type Site, siteTypes } from '@lightpath/domain/sites';
import { isProviderType } from '@lightpath/domain/user-types';
import { Anchor, Badge, Button, EmptyState, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { TwoColumnSkeleton } from '../../../components/detail-page-gate';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useNetworkSite } from '../../../features/services/api/get-network-site';
import { useSiteServices } from '../../../features/services/api/list-site-services';
import { Fact, FactList } from '../../../features/services/components/fact-list';
import { ServicesTable } from '../../../features/services/components/services-table';
import { useSiteVisibility } from '../../../features/services/use-site-visibility';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

type Kind = 'vpls' | 'l3vpn';

const kinds = {
  vpls: { sitetype: 2, label: 'VPLS', list: { label: 'VPLS Networks', to: '/services/vpls-networks' } },
  l3vpn: { sitetype: 4, label: 'L3VPN', list: { label: 'L3VPN Services', to: '/services/l3vpn' } },
} as const;

// /vpls/:vplsid and /l3vpn/:vpnid (spec 2.2): a network is a site of type 2 / 4. Any other site id is
// "not found" here, the same answer as an id outside the caller's scope.
function NetworkSitePage({ kind }: { kind: Kind }) {
  const params = useParams();
  const raw = kind === 'vpls' ? params.vplsid : params.vpnid;
  const siteid = Number(raw);
  const { actor } = useSession();
  const allowed = can(actor, 'services.view');
  const { sitetype, label, list } = kinds[kind];
  const site = useNetworkSite(allowed ? siteid : 0);
  const network: Site | undefined = site.data?.sitetype === sitetype ? site.data : undefined;
  const rightType = network !== undefined;
  const members = useSiteServices(siteid, allowed && rightType);
  const canOpenSite = useSiteVisibility();
  const name = network ? network.vplsname || network.sitename : `${label} ${raw ?? ''}`;
  usePageTitle(name);
  const crumbs = [{ label: 'Services', to: '/services' }, list];

  if (!allowed) {
    return (
      <>
        <PageHeader title={name} crumbs={[...crumbs, { label: name }]} />
        <NoAccess what="services" />
      </>
    );
  }

  const invalid = !Number.isInteger(siteid) || siteid <= 0;
  if (!invalid && site.isPending) {
    return (
      <>
        <PageHeader title={<Skeleton h={28} w={200} />} crumbs={[...crumbs, { label: '…' }]} />
        <TwoColumnSkeleton spans={[4, 8]} heights={[220, 320]} />
      </>
    );
  }

  if (invalid || site.isError || !network) {
    const error =
      site.isError && !(site.error instanceof ApiError && site.error.status === 404)
        ? site.error
        : new ApiError(404, 'Not found.');
    return (
      <>
        <PageHeader title={name} crumbs={[...crumbs, { label: name }]} />
        <LoadError error={error} what={`${label} network`} onRetry={() => site.refetch()} />
      </>
    );
  }

  const condition = siteConditions[network.condition] ?? siteConditions[0];
  return (
    <>
      <PageHeader
        title={name}
        description={network.vplsname && network.vplsname !== network.sitename ? network.sitename : undefined}
        crumbs={[...crumbs, { label: name }]}
        actions={
          <Button component={Link} to={`/site/${network.siteid}`} variant="default">
            Site record
          </Button>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Panel title={`${label} network`}>
            <FactList>
              <Fact label="Customer">{network.customername}</Fact>
              <Fact label="Site number">
                <Text span ff="monospace" fz="sm">
                  {network.sitenumber}
                </Text>
              </Fact>
              <Fact label="Type">{siteTypes[network.sitetype]}</Fact>
              <Fact label="Status">
                <Badge variant="dot" color={network.status === 1 ? 'teal' : 'gray'}>
                  {network.status === 1 ? 'Enabled' : 'Disabled'}
                </Badge>
              </Fact>
              <Fact label="Condition">
                <Badge variant="light" color={condition.colour}>
                  {siteConditionLabel(network.condition, network.status)}
                </Badge>
              </Fact>
              {kind === 'vpls' && (
                <>
                  <Fact label="VPLS name">{network.vplsname || '—'}</Fact>
                  <Fact label="MAC limit">{network.maclimit ?? '—'}</Fact>
                  <Fact label="MAC flush">
                    {network.macflush === null ? '—' : network.macflush === 1 ? 'Yes' : 'No'}
                  </Fact>
                  <Fact label="Allowed VLANs">
                    {network.allowedvlans === 'all' ? 'All' : network.allowedvlans === 'none' ? 'None' : '—'}
                  </Fact>
                </>
              )}
            </FactList>
            {network.sitenotes && (
              <Text fz="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {network.sitenotes}
              </Text>
            )}
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Panel
            title="Member services"
            actions={
              members.data && (
                <Text fz="sm" c="dimmed">
                  {members.data.length} {members.data.length === 1 ? 'service' : 'services'}
                </Text>
              )
            }
          >
            {members.isPending ? (
              <TableSkeleton rows={3} />
            ) : members.isError ? (
              <LoadError error={members.error} what="services" onRetry={() => members.refetch()} />
            ) : members.data.length === 0 ? (
              <EmptyState
                py="lg"
                icon={<IconRoute size={26} />}
                withIndicatorBackground
                title="No member services"
                description={`No service connects to this ${label} network yet.`}
              />
            ) : (
              <Stack gap="xs">
                <ServicesTable
                  services={members.data}
                  showCustomer={isProviderType(actor.type)}
                  canOpenSite={canOpenSite}
                />
                <Group justify="flex-end">
                  <Anchor component={Link} to={list.to} fz="sm">
                    All {list.label}
                  </Anchor>
                </Group>
              </Stack>
            )}
          </Panel>
        </Grid.Col>
      </Grid>
    </>
  );
}

export function VplsPage() {
  return <NetworkSitePage kind="vpls" />;
}

export function L3vpnPage() {
  return <NetworkSitePage kind="l3vpn" />;
}
