import { can } from '@lightpath/domain/permissions';
import { siteMessages, siteNeedsAddress, siteTypes } from '@lightpath/domain/sites';
import { Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconDoorEnter, IconEdit, IconMapPinOff, IconNetwork, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SiteConditionBadge } from '../../../components/condition-badges';
import { DetailPageGate, TwoColumnSkeleton } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { RequestSiteAccessWizard } from '../../../features/access/components/request-site-access-wizard';
import { SiteAccessRequestsPanel } from '../../../features/access/components/site-access-requests-panel';
import { SiteCheckinButton } from '../../../features/checkins/components/site-checkin-button';
import { SiteEquipmentPanel } from '../../../features/equipment/components/site-equipment-panel';
import { useDeleteSite } from '../../../features/sites/api/delete-site';
import { EditSiteModal } from '../../../features/sites/components/edit-site-modal';
import { SiteContactsPanel } from '../../../features/sites/components/site-contacts-panel';
import { SiteFacts } from '../../../features/sites/components/site-facts';
import { SiteServicesPanel } from '../../../features/sites/components/site-services-panel';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { lazyChunk } from '../../../lib/load-chunk';
import { notify } from '../../../lib/notify';
import { useSite } from '../../../lib/queries/get-site';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

// Leaflet is a large library; it loads only when a site with coordinates is shown.
const SitePinMap = lazyChunk(() =>
  import('../../../features/network-map/components/site-pin-map').then((m) => m.SitePinMap),
);

const crumbs = [{ label: 'Sites', to: '/sites' }];

// VPLS and L3VPN sites are networks too; their members are listed on the network's own page.
function networkPageOf(sitetype: number, siteid: number): { to: string; label: string } | null {
  if (sitetype === 2) return { to: `/vpls/${siteid}`, label: 'VPLS network' };
  if (sitetype === 4) return { to: `/l3vpn/${siteid}`, label: 'L3VPN network' };
  return null;
}

export function SitePage() {
  const { siteid: raw } = useParams();
  const siteid = Number(raw);
  const valid = Number.isInteger(siteid) && siteid > 0;
  const { actor } = useSession();
  const allowed = can(actor, 'sites.view');
  const manage = can(actor, 'sites.manage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useSite(siteid, allowed);
  const deleteSite = useDeleteSite();
  const [editing, edit] = useDisclosure(false);
  const [requestingAccess, requestAccess] = useDisclosure(false);
  const site = query.data;
  usePageTitle(site ? `${site.sitenumber} ${site.sitename}` : 'Site');

  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title="Site"
        crumbs={crumbs}
        noAccessWhat="sites"
        recordWhat="site"
        loadingHeader={{ title: <Skeleton h={28} w={260} />, crumbs: [...crumbs, { label: '…' }] }}
        skeleton={<TwoColumnSkeleton spans={[6, 6]} heights={[360, 260]} />}
      />
    );
  }

  const loaded = query.data;
  const name = `${loaded.sitenumber} · ${loaded.sitename}`;
  const network = networkPageOf(loaded.sitetype, loaded.siteid);
  const placed = loaded.latitude !== null && loaded.longitude !== null;
  // Access is asked for places a technician can stand in, and only while the site is in use; the
  // requests already made stay listed.
  const accessRequests = can(actor, 'access.request') && siteNeedsAddress(loaded.sitetype);
  const accessible = accessRequests && loaded.status === 1;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete site',
      children: (
        <Text fz="sm">
          Delete <strong>{name}</strong> of {loaded.customername}? A site that still has services cannot be
          deleted. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete site', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteSite.mutate(loaded.siteid, {
          onSuccess: () => {
            notify.success(`${siteMessages.deleted}: ${name}`);
            navigate('/sites', { replace: true });
            // Dropped after leaving, so the page does not refetch a record that no longer exists.
            queryClient.removeQueries({ queryKey: ['sites', 'detail', loaded.siteid] });
          },
          // A 409 (the site still has services) carries the server's reason, shown as is.
          onError: (error) => {
            if (needsToast(error))
              notify.warning(errorMessage(error, 'An error occurred while deleting this site'));
          },
        }),
    });

  return (
    <>
      <PageHeader
        title={name}
        description={
          <Group gap={6} component="span">
            <SiteConditionBadge condition={loaded.condition} status={loaded.status} />
            <Badge size="sm" variant="outline" color="gray">
              {siteTypes[loaded.sitetype]}
            </Badge>
            <Badge size="sm" variant="outline" color="gray" ff="monospace">
              {loaded.customercode}
            </Badge>
          </Group>
        }
        crumbs={[...crumbs, { label: name }]}
        actions={
          <>
            {network && can(actor, 'services.view') && (
              <Button
                component={Link}
                to={network.to}
                variant="default"
                leftSection={<IconNetwork size={16} />}
              >
                {network.label}
              </Button>
            )}
            {/* The check-ins area decides (checkinSiteEligible) where one may check in: physical sites; a
                check-out shows wherever the user is still checked in. */}
            <SiteCheckinButton siteid={loaded.siteid} sitename={loaded.sitename} />
            {accessible && (
              <Button
                variant="light"
                leftSection={<IconDoorEnter size={16} aria-hidden="true" />}
                onClick={requestAccess.open}
              >
                Request access
              </Button>
            )}
            {manage && (
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={edit.open}>
                Edit
              </Button>
            )}
            {manage && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={deleteSite.isPending}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SiteFacts site={loaded} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Paper withBorder radius="lg" p="xs" shadow="xs">
                {placed ? (
                  <Suspense fallback={<Skeleton h={260} radius="md" />}>
                    <SitePinMap
                      latitude={loaded.latitude ?? 0}
                      longitude={loaded.longitude ?? 0}
                      label={name}
                      condition={loaded.condition}
                      status={loaded.status}
                    />
                  </Suspense>
                ) : (
                  <Group gap="sm" p="md" c="dimmed">
                    <IconMapPinOff size={20} />
                    <Text fz="sm">No coordinates recorded for this site.</Text>
                  </Group>
                )}
              </Paper>
              {can(actor, 'contacts.view') && (
                <SiteContactsPanel site={loaded} canManage={can(actor, 'contacts.manage')} />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        {can(actor, 'services.view') && <SiteServicesPanel siteid={loaded.siteid} />}
        {/* Provider staff only (equipment.view): customers never ask for a site's shelves. */}
        {can(actor, 'equipment.view') && <SiteEquipmentPanel siteid={loaded.siteid} />}
        {accessRequests && <SiteAccessRequestsPanel siteid={loaded.siteid} />}
      </Stack>
      {manage && <EditSiteModal site={loaded} opened={editing} onClose={edit.close} />}
      {accessible && (
        <RequestSiteAccessWizard opened={requestingAccess} onClose={requestAccess.close} site={loaded} />
      )}
    </>
  );
}
