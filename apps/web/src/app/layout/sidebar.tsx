import type { CountKey, NavAction, NavEntry, NavIcon, NavLeaf } from '@lightpath/domain/navigation';
import { sidebarFor } from '@lightpath/domain/navigation';
import { Badge, Button, NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingCommunity,
  IconChartBar,
  IconClipboardList,
  IconDashboard,
  IconHelpCircle,
  IconKey,
  IconLifebuoy,
  IconMap2,
  IconMapPin,
  IconMapPinCheck,
  IconPhoneCall,
  IconPlus,
  type IconProps,
  IconRefresh,
  IconRobot,
  IconRoute,
  IconServer2,
  IconServerBolt,
  IconSettings,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { actionHref } from '../../features/placeholders/placeholder-routes';
import { telHref } from '../../lib/format';
import { useNavigationCounts } from '../../lib/queries/get-navigation-counts';
import { useSession } from '../../lib/session';
import { activeNavTarget, navTargets } from './nav-match';

const entryIcons: Record<NavIcon, ComponentType<IconProps>> = {
  dashboard: IconDashboard,
  services: IconRoute,
  colocation: IconServer2,
  sites: IconMapPin,
  equipment: IconServerBolt,
  jobs: IconRobot,
  customers: IconBuildingCommunity,
  contacts: IconAddressBook,
  map: IconMap2,
  events: IconSpeakerphone,
  reports: IconChartBar,
  support: IconLifebuoy,
  admin: IconSettings,
  faq: IconHelpCircle,
  jobtickets: IconClipboardList,
};

const actionIcons: Record<NavAction, ComponentType<IconProps>> = {
  'new-service': IconPlus,
  'new-site': IconPlus,
  'site-access': IconKey,
  'site-checkin': IconMapPinCheck,
  'update-equipment': IconRefresh,
  'new-event': IconPlus,
  'new-ticket': IconPlus,
};

type Counts = Partial<Record<CountKey, number>>;

function CountBadge({ counts, countKey }: { counts: Counts; countKey?: CountKey }) {
  // Only keys the server reports get a badge; an area that is not live yet shows none rather than 0.
  const value = countKey ? counts[countKey] : undefined;
  if (value === undefined) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color={value > 0 ? 'indigo' : 'gray'}
      circle={value < 10}
      aria-label={`${value} items`}
    >
      {value > 999 ? '999+' : value}
    </Badge>
  );
}

type ItemProps = { active: string | null; counts: Counts; onNavigate: () => void };

function Leaf({ leaf, active, counts, onNavigate }: ItemProps & { leaf: NavLeaf }) {
  if ('action' in leaf) {
    const Icon = actionIcons[leaf.action];
    return (
      <NavLink
        component={Link}
        to={actionHref(leaf.action)}
        label={leaf.label}
        leftSection={<Icon size={14} stroke={1.8} />}
        onClick={onNavigate}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={leaf.to}
      label={leaf.label}
      active={leaf.to === active}
      aria-current={leaf.to === active ? 'page' : undefined}
      rightSection={<CountBadge counts={counts} countKey={leaf.count} />}
      onClick={onNavigate}
    />
  );
}

function Entry({ entry, active, counts, onNavigate }: ItemProps & { entry: NavEntry }) {
  const Icon = entryIcons[entry.icon];
  const icon = <Icon size={18} stroke={1.7} />;
  const childTargets = 'children' in entry ? entry.children.flatMap((c) => ('to' in c ? [c.to] : [])) : [];
  const containsActive = active !== null && childTargets.includes(active);
  const [opened, setOpened] = useState(containsActive);
  // Navigating into a group (from a link elsewhere, or the back button) opens it.
  useEffect(() => {
    if (containsActive) setOpened(true);
  }, [containsActive]);

  if ('to' in entry) {
    return (
      <NavLink
        component={Link}
        to={entry.to}
        label={entry.label}
        leftSection={icon}
        active={entry.to === active}
        aria-current={entry.to === active ? 'page' : undefined}
        rightSection={<CountBadge counts={counts} countKey={entry.count} />}
        onClick={onNavigate}
      />
    );
  }
  // A real button, so the group is reachable and operable from the keyboard and announced as expandable.
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      label={entry.label}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
      fw={containsActive ? 600 : undefined}
    >
      {entry.children.map((leaf) => (
        <Leaf key={leaf.label} leaf={leaf} active={active} counts={counts} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

export function Sidebar({ onNavigate, supportPhone }: { onNavigate: () => void; supportPhone?: string }) {
  const { actor } = useSession();
  const { pathname } = useLocation();
  const entries = useMemo(() => sidebarFor(actor), [actor]);
  const active = activeNavTarget(pathname, navTargets(entries));
  // Spec 6: technicians get no event polling.
  const counts = useNavigationCounts(actor.type !== 2).data ?? {};

  return (
    <ScrollArea type="scroll" h="100%" scrollbarSize={6}>
      <Stack component="nav" aria-label="Main navigation" gap={2} p="sm" data-testid="sidebar">
        {entries.map((entry) => (
          <Entry key={entry.label} entry={entry} active={active} counts={counts} onNavigate={onNavigate} />
        ))}
        {/* Spec 2.4: technicians also get a click-to-call button in the menu on small screens. */}
        {actor.type === 2 && supportPhone && (
          <Button
            component="a"
            href={telHref(supportPhone)}
            hiddenFrom="sm"
            mt="md"
            variant="light"
            leftSection={<IconPhoneCall size={16} />}
          >
            Call NOC support
          </Button>
        )}
      </Stack>
    </ScrollArea>
  );
}
