import { fullName } from '@lightpath/domain/users';
import {
  Avatar,
  Group,
  type MantineColorScheme,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconKey,
  IconLogout,
  IconMoon,
  IconSun,
  IconSwitchHorizontal,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserTypeBadge } from '../../components/user-type-badge';
import { useLogout } from '../../features/auth/api/use-logout';
import { useSwitchCustomer } from '../../features/auth/api/use-switch-customer';
import { ChangePasswordModal } from '../../features/auth/components/change-password-modal';
import { SwitchCustomerModal } from '../../features/auth/components/switch-customer-modal';
import { initialsOf } from '../../lib/format';
import { useSession } from '../../lib/session';

const schemeChoices: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'Follow system', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
];

// Mantine's Menu.Item always renders role="menuitem", on which aria-checked is not allowed; React
// leaves an attribute alone while its prop is unchanged, so the role set here after mount stays.
const asMenuItemRadio = (node: HTMLButtonElement | null) => node?.setAttribute('role', 'menuitemradio');

// Decision 015: the system setting by default; a choice here is kept in this browser.
function ColorSchemeItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label>Appearance</Menu.Label>
      {schemeChoices.map(({ value, label, icon: Icon }) => (
        <Menu.Item
          key={value}
          ref={asMenuItemRadio}
          aria-checked={colorScheme === value}
          closeMenuOnClick={false}
          leftSection={<Icon size={16} aria-hidden="true" />}
          rightSection={colorScheme === value ? <IconCheck size={14} aria-hidden="true" /> : null}
          onClick={() => setColorScheme(value)}
        >
          {label}
        </Menu.Item>
      ))}
    </>
  );
}

export function ProfileMenu() {
  const { user, actor } = useSession();
  const logout = useLogout();
  const switchCustomer = useSwitchCustomer();
  const [passwordOpened, password] = useDisclosure(false);
  const [switchOpened, switching] = useDisclosure(false);
  const name = fullName(user);

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal>
        <Menu.Target>
          {/* Named by what it shows (WCAG 2.5.3, label in name), then what it is: the initials are
              decoration, and on a narrow screen only they and the hidden words are there. */}
          <UnstyledButton data-testid="profile-menu" style={{ borderRadius: 8 }} p={4}>
            <Group gap={8} wrap="nowrap">
              <Avatar
                color={actor.impersonating ? 'orange' : 'indigo'}
                radius="xl"
                size={34}
                aria-hidden="true"
              >
                {initialsOf(user.firstname, user.surname)}
              </Avatar>
              <Stack gap={0} visibleFrom="lg" style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600} lh={1.2} truncate maw={200}>
                  {name}
                </Text>
                <Text fz="xs" c="dimmed" lh={1.3} truncate maw={200}>
                  {user.email}
                </Text>
              </Stack>
              <VisuallyHidden>Profile menu</VisuallyHidden>
              <IconChevronDown size={14} aria-hidden="true" />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Stack gap={4} px="sm" py="xs">
            <Text fz="sm" fw={600} truncate>
              {name}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {user.email}
            </Text>
            <UserTypeBadge type={actor.type} size="sm" />
          </Stack>
          <Menu.Divider />
          <Menu.Item component={Link} to="/user/me" leftSection={<IconUserCircle size={16} />}>
            My profile
          </Menu.Item>
          <Menu.Item
            leftSection={<IconKey size={16} />}
            onClick={password.open}
            data-testid="menu-change-password"
          >
            Change password
          </Menu.Item>
          {actor.chameleon > 0 && (
            <Menu.Item
              leftSection={<IconSwitchHorizontal size={16} />}
              onClick={switching.open}
              data-testid="menu-switch-customer"
            >
              Switch customer
            </Menu.Item>
          )}
          {actor.impersonating && (
            <Menu.Item
              leftSection={<IconArrowBackUp size={16} />}
              color="orange"
              onClick={() =>
                switchCustomer.mutate({ customerid: actor.realCustomerId, usertype: actor.realType })
              }
              data-testid="menu-revert"
            >
              Revert to own account
            </Menu.Item>
          )}
          <Menu.Divider />
          <ColorSchemeItems />
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={logout}
            data-testid="menu-logout"
          >
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={passwordOpened} onClose={password.close} />
      {actor.chameleon > 0 && <SwitchCustomerModal opened={switchOpened} onClose={switching.close} />}
    </>
  );
}
