import 'leaflet/dist/leaflet.css';
import { serviceConditions } from '@lightpath/domain/conditions';
import { can } from '@lightpath/domain/permissions';
import { siteTypes } from '@lightpath/domain/sites';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Grid,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { MapContainer } from 'react-leaflet';
import { Link } from 'react-router';
import { SiteConditionBadge } from '../../../components/condition-badges';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useMapData } from '../../../features/network-map/api/get-map';
import { australiaBounds } from '../../../features/network-map/australia-outline';
import { BaseLayer, seaColour } from '../../../features/network-map/components/base-layer';
import { MapLegend } from '../../../features/network-map/components/map-legend';
import { FlyToSite, NetworkLayers } from '../../../features/network-map/components/network-layers';
import {
  filterMapByCustomer,
  impactedSites,
  isPlaced,
  linkLegend,
  problemsOnly,
  siteLegend,
  unplacedReason,
} from '../../../features/network-map/map-data';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const impactedListed = 50;

export function NetworkMapPage() {
  const { actor } = useSession();
  // Spec 2.4: the NOC's 'Network Map' is everyone else's 'Network Alert Map'; one page serves both.
  const title = actor.type === 1 ? 'Network Map' : 'Network Alert Map';
  usePageTitle(title);
  const allowed = can(actor, 'sites.view');
  const pickCustomer = can(actor, 'customers.view');
  const list = useListParams();
  const customer = list.get('customer');
  const showLinks = list.get('links') !== 'off';
  const problems = list.get('problems') === 'on';
  const [selected, setSelected] = useState<number | null>(null);
  const [flyTo, setFlyTo] = useState<{ latitude: number; longitude: number; key: number } | null>(null);
  const query = useMapData(allowed);
  const customers = useAllCustomers(allowed && pickCustomer);

  const view = useMemo(() => {
    if (!query.data) return null;
    const narrowed = filterMapByCustomer(query.data, pickCustomer ? customer || null : null);
    return problems ? problemsOnly(narrowed) : narrowed;
  }, [query.data, customer, pickCustomer, problems]);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={[{ label: title }]} />
        <NoAccess what="the network map" />
      </>
    );
  }

  const selectedSite = view?.sites.find((s) => s.siteid === selected) ?? null;
  const impacted = view ? impactedSites(view.sites) : [];
  // Sites with problems the map cannot draw (a VPLS, an L3VPN, no coordinates) are counted and named
  // here too, so this count and the dashboard's agree.
  const unplaced = view?.unplaced ?? [];
  const problemCount = impacted.length + unplaced.length;
  const placedCount = view ? view.sites.filter(isPlaced).length : 0;

  const focus = (siteid: number) => {
    const site = view?.sites.find((s) => s.siteid === siteid);
    setSelected(siteid);
    if (site && isPlaced(site))
      setFlyTo({ latitude: site.latitude, longitude: site.longitude, key: Date.now() });
  };

  return (
    <>
      <PageHeader
        title={title}
        description="Sites coloured by their current condition, and the services between them."
        crumbs={[{ label: title }]}
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" mb="md">
        <Group gap="md" align="center">
          {pickCustomer && (
            <Select
              aria-label="Show one customer"
              placeholder="All customers"
              clearable
              searchable
              nothingFoundMessage="No matching customer"
              data={(customers.data ?? []).map((c) => ({
                value: c.code || c.customercode,
                label: `${c.customername} (${c.code || c.customercode})`,
              }))}
              value={customer || null}
              onChange={(value) => {
                setSelected(null);
                list.set({ customer: value }, { resetPage: false, replace: true });
              }}
              w={{ base: '100%', xs: 300 }}
            />
          )}
          <Switch
            label="Show services"
            checked={showLinks}
            onChange={(event) =>
              list.set(
                { links: event.currentTarget.checked ? null : 'off' },
                { resetPage: false, replace: true },
              )
            }
          />
          <Switch
            label="Problems only"
            checked={problems}
            onChange={(event) =>
              list.set(
                { problems: event.currentTarget.checked ? 'on' : null },
                { resetPage: false, replace: true },
              )
            }
          />
          {view && (
            <Text fz="sm" c="dimmed" ml={{ sm: 'auto' }} aria-live="polite">
              {view.sites.length.toLocaleString()} sites · {view.links.length.toLocaleString()} services
            </Text>
          )}
        </Group>
      </Paper>
      {query.isError ? (
        <LoadError error={query.error} what="the network map" onRetry={() => query.refetch()} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Box
              role="region"
              aria-label={`${title}: use the list of sites beside it to move between sites`}
              pos="relative"
              h={{ base: '62dvh', sm: 'calc(100dvh - 290px)' }}
              mih={360}
              style={{
                borderRadius: 'var(--mantine-radius-lg)',
                overflow: 'hidden',
                border: '1px solid var(--mantine-color-default-border)',
                isolation: 'isolate',
              }}
            >
              <MapContainer
                bounds={australiaBounds}
                preferCanvas
                minZoom={3}
                worldCopyJump={false}
                style={{ height: '100%', width: '100%', background: seaColour }}
              >
                <BaseLayer />
                {view && (
                  <NetworkLayers
                    data={view}
                    showLinks={showLinks}
                    selectedSiteId={selected}
                    onSelect={setSelected}
                    frameKey={`${customer}|${problems}`}
                  />
                )}
                <FlyToSite site={flyTo} />
              </MapContainer>
              {query.isPending && (
                <Center pos="absolute" inset={0} style={{ zIndex: 500, pointerEvents: 'none' }}>
                  <Paper p="sm" radius="md" shadow="sm">
                    <Group gap="xs">
                      <Loader size="sm" />
                      <Text fz="sm">Loading the network…</Text>
                    </Group>
                  </Paper>
                </Center>
              )}
              {view && placedCount === 0 && (
                <Center pos="absolute" inset={0} style={{ zIndex: 500, pointerEvents: 'none' }}>
                  <Paper p="md" radius="md" shadow="sm" maw={320}>
                    <Group gap="sm" wrap="nowrap">
                      <IconMapPinOff size={22} />
                      <Text fz="sm">
                        {problems
                          ? 'No current problems to show. Every site in view is online.'
                          : 'No sites with coordinates to show here yet.'}
                      </Text>
                    </Group>
                  </Paper>
                </Center>
              )}
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <Stack gap="md">
              {selectedSite && (
                <Paper withBorder radius="lg" p="md" shadow="xs" aria-live="polite">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Text ff="monospace" fz="xs" c="dimmed">
                        {selectedSite.sitenumber} · {selectedSite.customercode}
                      </Text>
                      <Title order={3} fz="md">
                        {selectedSite.sitename}
                      </Title>
                    </Stack>
                    <CloseButton aria-label="Clear selection" onClick={() => setSelected(null)} />
                  </Group>
                  <Group gap={6} my="sm">
                    <SiteConditionBadge condition={selectedSite.condition} status={selectedSite.status} />
                    <Badge size="sm" variant="outline" color="gray">
                      {siteTypes[selectedSite.sitetype]}
                    </Badge>
                  </Group>
                  <Button
                    component={Link}
                    to={`/site/${selectedSite.siteid}`}
                    size="xs"
                    variant="light"
                    fullWidth
                  >
                    Open site
                  </Button>
                </Paper>
              )}
              <Paper withBorder radius="lg" p="md" shadow="xs">
                {view ? (
                  <MapLegend
                    sites={siteLegend(view.sites)}
                    links={showLinks ? linkLegend(view.links) : null}
                  />
                ) : (
                  <Text fz="sm" c="dimmed">
                    Legend appears once the map has loaded.
                  </Text>
                )}
                <Text fz="xs" c="dimmed" mt="sm">
                  Services are lines between their A and B sites: {serviceConditions[3].name.toLowerCase()} in
                  red, maintenance in blue, at-risk in yellow.
                </Text>
              </Paper>
              <Paper withBorder radius="lg" p="md" shadow="xs">
                <Title order={3} fz="sm" mb="xs">
                  Sites with problems {view ? `(${problemCount})` : ''}
                </Title>
                {view && problemCount === 0 ? (
                  <Text fz="sm" c="dimmed">
                    All sites in view are online.
                  </Text>
                ) : (
                  <ScrollArea.Autosize mah={320} type="auto">
                    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                      {impacted.slice(0, impactedListed).map((site) => (
                        <li key={site.siteid}>
                          <UnstyledButton
                            onClick={() => focus(site.siteid)}
                            w="100%"
                            p={6}
                            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                            bg={site.siteid === selected ? 'var(--mantine-color-indigo-light)' : undefined}
                          >
                            {/* Name above the condition: the side panel is too narrow for both on one line. */}
                            <Stack gap={2} align="flex-start">
                              <Text fz="sm" lh={1.3}>
                                {site.sitenumber} {site.sitename}
                              </Text>
                              <SiteConditionBadge condition={site.condition} status={site.status} size="xs" />
                            </Stack>
                            {/* Named by what it shows (WCAG 2.5.3), then what it does. */}
                            <VisuallyHidden>Show on the map</VisuallyHidden>
                          </UnstyledButton>
                        </li>
                      ))}
                    </Stack>
                    {impacted.length > impactedListed && (
                      <Anchor component={Link} to="/sites?sort=-condition" fz="xs" mt="xs" display="block">
                        All {impacted.length} sites with problems
                      </Anchor>
                    )}
                    {unplaced.length > 0 && (
                      <>
                        <Text fz="xs" fw={600} c="dimmed" mt="sm" mb={4}>
                          Not on the map ({unplaced.length})
                        </Text>
                        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                          {unplaced.map((site) => (
                            <li key={site.siteid}>
                              <Stack gap={2} align="flex-start" p={6}>
                                <Anchor component={Link} to={`/site/${site.siteid}`} fz="sm" lh={1.3}>
                                  {site.sitenumber} {site.sitename}
                                </Anchor>
                                <Text fz="xs" c="dimmed">
                                  {unplacedReason(site)}
                                </Text>
                                <SiteConditionBadge condition={site.condition} status={1} size="xs" />
                              </Stack>
                            </li>
                          ))}
                        </Stack>
                      </>
                    )}
                  </ScrollArea.Autosize>
                )}
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
