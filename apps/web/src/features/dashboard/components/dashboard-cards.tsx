import { serviceConditions } from '@lightpath/domain/conditions';
import { can } from '@lightpath/domain/permissions';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertSquareRounded,
  IconAlertTriangle,
  IconMap2,
  IconMapPin,
  IconRoute,
} from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../lib/session';
import { type DashboardSummary, useDashboardSummary } from '../api/get-dashboard-summary';
import { useItemsNeedingAttention } from '../api/list-items-needing-attention';
import { useNetworkProblems } from '../api/list-network-problems';
import { shareOf, type ToggleSide } from '../dashboard-rows';
import { ItemsNeedingAttentionModal } from './items-needing-attention-modal';
import { NetworkProblemsModal } from './network-problems-modal';

type CardProps = {
  title: string;
  icon: ComponentType<{ size?: number }>;
  colour: string;
  link?: { to: string; label: string } | false;
  children: ReactNode;
};

function DashboardCard({ title, icon: Icon, colour, link, children }: CardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={colour} radius="md" size={34}>
            <Icon size={18} />
          </ThemeIcon>
          <Title order={2} fz="md" fw={600}>
            {title}
          </Title>
        </Group>
        {link && (
          <Anchor component={Link} to={link.to} fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

type Segment = { key: string; label: string; value: number; colour: string };

// A count per condition and a bar of the same shares, so a change stands out at a glance.
function StatusBreakdown({ total, noun, segments }: { total: number; noun: string; segments: Segment[] }) {
  return (
    <Stack gap="sm">
      <Text fz={28} fw={700} lh={1}>
        {total.toLocaleString()}{' '}
        <Text span fz="sm" c="dimmed" fw={400}>
          {noun}
        </Text>
      </Text>
      <Progress.Root size="lg" radius="xl" aria-hidden="true">
        {segments
          .filter((s) => s.value > 0)
          .map((s) => (
            <Progress.Section key={s.key} value={shareOf(s.value, total)} color={s.colour} />
          ))}
      </Progress.Root>
      <SimpleGrid cols={{ base: 2, xs: segments.length }} spacing="xs">
        {segments.map((s) => (
          <Stack key={s.key} gap={0}>
            <Group gap={6} wrap="nowrap">
              <span
                aria-hidden="true"
                style={{
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  background: `var(--mantine-color-${s.colour}-6)`,
                  flexShrink: 0,
                }}
              />
              <Text fz="xs" c="dimmed">
                {s.label}
              </Text>
            </Group>
            <Text fz="lg" fw={600}>
              {s.value.toLocaleString()}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function serviceSegments(s: DashboardSummary['services']): Segment[] {
  return [
    { key: 'normal', label: serviceConditions[0].name, value: s.normal, colour: serviceConditions[0].colour },
    {
      key: 'maintenance',
      label: serviceConditions[1].name,
      value: s.maintenance,
      colour: serviceConditions[1].colour,
    },
    { key: 'atrisk', label: serviceConditions[2].name, value: s.atrisk, colour: serviceConditions[2].colour },
    {
      key: 'offline',
      label: serviceConditions[3].name,
      value: s.offline,
      colour: serviceConditions[3].colour,
    },
  ];
}

// Spec 4's simpler site reading: online, impacted (some services affected), offline (all of them).
function siteSegments(s: DashboardSummary['sites']): Segment[] {
  return [
    { key: 'online', label: 'Online', value: s.online, colour: 'green' },
    { key: 'impacted', label: 'Impacted', value: s.impacted, colour: 'orange' },
    { key: 'offline', label: 'Offline', value: s.offline, colour: 'red' },
  ];
}

function CountButton({
  count,
  noun,
  onClick,
  colour,
  label,
}: {
  count: number | undefined;
  noun: string;
  onClick: () => void;
  colour: string;
  label: string;
}) {
  const shown = count === undefined ? '…' : count.toLocaleString();
  // Named by what it shows ('3 sites affected'), so speech input can say it, then what it does.
  return (
    <UnstyledButton
      onClick={onClick}
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Text fz={24} fw={700} lh={1.1} c={count ? colour : undefined}>
        {shown}
      </Text>
      <Text fz="xs" c="dimmed">
        {noun}
      </Text>
      <VisuallyHidden>{label}</VisuallyHidden>
    </UnstyledButton>
  );
}

export function DashboardCards() {
  const { actor } = useSession();
  const showServices = can(actor, 'services.view');
  const summary = useDashboardSummary();
  const problems = useNetworkProblems();
  const attention = useItemsNeedingAttention();
  // Which modal is open, and on which side of its Sites / Services toggle.
  const [problemsSide, setProblemsSide] = useState<ToggleSide | 'auto' | null>(null);
  const [attentionSide, setAttentionSide] = useState<ToggleSide | 'auto' | null>(null);
  const problemCount = problems.data ? problems.data.sites.length + problems.data.services.length : undefined;

  return (
    <>
      {summary.isError ? (
        <LoadError error={summary.error} what="the network status" onRetry={() => summary.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: showServices ? 2 : 1 }} spacing="lg">
          {showServices && (
            <DashboardCard
              title="Services"
              icon={IconRoute}
              colour="indigo"
              link={{ to: '/services', label: 'All services' }}
            >
              {summary.data ? (
                <StatusBreakdown
                  total={summary.data.services.total}
                  noun="services"
                  segments={serviceSegments(summary.data.services)}
                />
              ) : (
                <Skeleton h={120} />
              )}
            </DashboardCard>
          )}
          <DashboardCard
            title="Sites"
            icon={IconMapPin}
            colour="teal"
            link={{ to: '/sites', label: 'All sites' }}
          >
            {summary.data ? (
              <>
                <StatusBreakdown
                  total={summary.data.sites.total}
                  noun="sites"
                  segments={siteSegments(summary.data.sites)}
                />
                {summary.data.sites.disabled > 0 && (
                  <Text fz="xs" c="dimmed" mt="xs">
                    {summary.data.sites.disabled.toLocaleString()} disabled
                  </Text>
                )}
              </>
            ) : (
              <Skeleton h={120} />
            )}
          </DashboardCard>
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DashboardCard
          title="Current Network Problems"
          icon={IconAlertTriangle}
          colour="red"
          link={{
            to: '/functions/state-map?problems=on',
            label: actor.type === 1 ? 'Network map' : 'Alert map',
          }}
        >
          {problems.isError ? (
            <LoadError
              error={problems.error}
              what="current network problems"
              onRetry={() => problems.refetch()}
            />
          ) : (
            <Stack gap="sm">
              <SimpleGrid cols={2} spacing="sm">
                <CountButton
                  count={problems.data?.sites.length}
                  noun="sites affected"
                  colour="red"
                  label="Show sites with current problems"
                  onClick={() => setProblemsSide('sites')}
                />
                <CountButton
                  count={problems.data?.services.length}
                  noun="services affected"
                  colour="red"
                  label="Show services with current problems"
                  onClick={() => setProblemsSide('services')}
                />
              </SimpleGrid>
              <Group justify="space-between" gap="xs">
                <Text fz="sm" c="dimmed">
                  {problemCount === 0
                    ? 'No works, hazards or outages right now.'
                    : 'Works, hazard windows and outages in effect now.'}
                </Text>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconMap2 size={14} />}
                  onClick={() => setProblemsSide('auto')}
                  disabled={problemCount === undefined}
                >
                  View problems
                </Button>
              </Group>
            </Stack>
          )}
        </DashboardCard>
        <DashboardCard title="Items Needing Attention" icon={IconAlertSquareRounded} colour="orange">
          {attention.isError ? (
            <LoadError
              error={attention.error}
              what="items needing attention"
              onRetry={() => attention.refetch()}
            />
          ) : (
            <Stack gap="sm">
              <SimpleGrid cols={2} spacing="sm">
                <CountButton
                  count={attention.data?.sites}
                  noun="sites"
                  colour="orange"
                  label="Show sites needing attention"
                  onClick={() => setAttentionSide('sites')}
                />
                <CountButton
                  count={attention.data?.services}
                  noun="services"
                  colour="orange"
                  label="Show services needing attention"
                  onClick={() => setAttentionSide('services')}
                />
              </SimpleGrid>
              <Group justify="space-between" gap="xs">
                <Text fz="sm" c="dimmed">
                  {attention.data?.count === 0
                    ? 'Nothing needs your attention.'
                    : 'Records missing a contact, a location or a subscriber.'}
                </Text>
                <Button
                  variant="light"
                  color="orange"
                  size="xs"
                  onClick={() => setAttentionSide('auto')}
                  disabled={!attention.data}
                >
                  Review items
                </Button>
              </Group>
            </Stack>
          )}
        </DashboardCard>
      </SimpleGrid>
      <NetworkProblemsModal
        opened={problemsSide !== null}
        onClose={() => setProblemsSide(null)}
        startSide={problemsSide === 'auto' || problemsSide === null ? undefined : problemsSide}
      />
      <ItemsNeedingAttentionModal
        opened={attentionSide !== null}
        onClose={() => setAttentionSide(null)}
        startSide={attentionSide === 'auto' || attentionSide === null ? undefined : attentionSide}
      />
    </>
  );
}
