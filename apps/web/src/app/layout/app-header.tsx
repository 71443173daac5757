import { can } from '@lightpath/domain/permissions';
import { ActionIcon, Anchor, Burger, Divider, Group, Text, Tooltip } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CustomerAvatar } from '../../components/customer-avatar';
import { LightpathMark } from '../../components/lightpath-mark';
import { telHref } from '../../lib/format';
import { useSession } from '../../lib/session';
import { EventsBell } from './events-bell';
import { HeaderSearch } from './header-search';
import { ImpersonationBanner } from './impersonation-banner';
import { JobsMenu } from './jobs-menu';
import { ProfileMenu } from './profile-menu';

type Props = { navOpened: boolean; onToggleNav: () => void; supportPhone?: string };

function SupportPhone({ phone }: { phone: string }) {
  return (
    <>
      <Anchor href={telHref(phone)} visibleFrom="lg" underline="never" c="inherit">
        <Group gap={6} wrap="nowrap">
          <IconPhoneCall size={16} color="var(--mantine-color-indigo-6)" aria-hidden="true" />
          <Text fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            <Text span c="dimmed" fz="xs" mr={4}>
              NOC
            </Text>
            {phone}
          </Text>
        </Group>
      </Anchor>
      <Tooltip label={`Call NOC support ${phone}`}>
        <ActionIcon
          component="a"
          href={telHref(phone)}
          hiddenFrom="lg"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Call NOC support ${phone}`}
        >
          <IconPhoneCall size={20} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

export function AppHeader({ navOpened, onToggleNav, supportPhone }: Props) {
  const { actor, customer } = useSession();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Lightpath home">
          <Group gap={8} wrap="nowrap">
            <LightpathMark size={30} />
            <Text fw={700} fz="lg" visibleFrom="sm" style={{ letterSpacing: -0.3 }}>
              Lightpath
            </Text>
          </Group>
        </Anchor>
        <Divider orientation="vertical" h={26} style={{ alignSelf: 'center' }} visibleFrom="xs" />
        <Tooltip label={customer.customername}>
          <Group
            gap={8}
            wrap="nowrap"
            data-testid="customer-identity"
            visibleFrom={actor.impersonating ? 'sm' : undefined}
          >
            <CustomerAvatar customer={customer} size={30} />
            {/* While switched the banner names the customer; the space goes to it instead. */}
            {!actor.impersonating && (
              <Text fz="sm" fw={500} visibleFrom="xl" truncate maw={200}>
                {customer.customername}
              </Text>
            )}
          </Group>
        </Tooltip>
      </Group>
      <Group gap={6} wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
        <ImpersonationBanner />
        <HeaderSearch />
        {supportPhone && <SupportPhone phone={supportPhone} />}
        {actor.type !== 2 && <EventsBell />}
        {can(actor, 'jobs.manage') && <JobsMenu />}
        <ProfileMenu />
      </Group>
    </Group>
  );
}
