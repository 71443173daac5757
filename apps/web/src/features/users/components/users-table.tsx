import { fullName } from '@lightpath/domain/users';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text';
import { SortableTh } from '../../../components/sortable-th';
import { UserTypeBadge } from '../../../components/user-type-badge';
import { formatDateTime, formatRelative, initialsOf } from '../../../lib/format';
import type { UserListItem } from '../../../lib/queries/list-users';

type Props = {
  users: UserListItem[];
  showCustomer?: boolean;
  // Name, email and type only, for a narrow panel (a customer's users).
  compact?: boolean;
  // Without these the headers are plain (e.g. a customer's short user list).
  sort?: string;
  onSort?: (sort: string) => void;
};

function NameCell({ user }: { user: UserListItem }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar size={30} radius="xl" color="indigo" variant="light">
        {initialsOf(user.firstname, user.surname)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/user/${user.userid}`} fw={500} fz="sm">
            {fullName(user)}
          </Anchor>
          {!user.enabled && (
            <Badge size="xs" color="gray" variant="outline">
              Disabled
            </Badge>
          )}
        </Group>
        {user.title && (
          <Text fz="xs" c="dimmed" truncate maw={220}>
            {user.title}
          </Text>
        )}
      </div>
    </Group>
  );
}

function LastLogin({ seconds }: { seconds: number | null }) {
  return (
    <Tooltip label={formatDateTime(seconds)} disabled={!seconds}>
      <Text fz="sm" c={seconds ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(seconds)}
      </Text>
    </Tooltip>
  );
}

// On a phone a wide table only scrolls sideways; a stacked list reads better there.
function UsersCards({ users, showCustomer }: { users: UserListItem[]; showCustomer: boolean }) {
  return (
    <Stack gap="xs">
      {users.map((user) => (
        <Paper key={user.userid} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <NameCell user={user} />
            <EmailText email={user.email} />
            <Group gap={6}>
              <UserTypeBadge type={user.type} />
              {user.companyAdmin && (
                <Badge size="sm" variant="light" color="grape">
                  Company admin
                </Badge>
              )}
            </Group>
            <Group justify="space-between" gap="xs">
              <Text fz="xs" c="dimmed">
                {showCustomer ? (user.customername ?? '') : ''}
              </Text>
              <Text fz="xs" c="dimmed">
                Last login {formatRelative(user.lastlogin).toLowerCase()}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function UsersTable({ users, showCustomer = true, compact = false, sort = '', onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <UsersCards users={users} showCustomer={showCustomer} />;

  const header = (field: string, label: string, miw?: number) =>
    onSort ? (
      <SortableTh field={field} sort={sort} onSort={onSort} miw={miw}>
        {label}
      </SortableTh>
    ) : (
      <Table.Th miw={miw}>{label}</Table.Th>
    );

  return (
    <Table.ScrollContainer minWidth={compact ? 520 : showCustomer ? 900 : 720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('surname', 'Name')}
            {header('email', 'Email')}
            {header('type', 'Type', 160)}
            {showCustomer && !compact && header('customername', 'Customer', 140)}
            {!compact && <Table.Th ta="center">Company admin</Table.Th>}
            {!compact && header('lastlogin', 'Last login', 110)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.userid}>
              <Table.Td>
                <NameCell user={user} />
              </Table.Td>
              <Table.Td>
                <EmailText email={user.email} />
              </Table.Td>
              <Table.Td>
                <UserTypeBadge type={user.type} />
              </Table.Td>
              {showCustomer && !compact && (
                <Table.Td>
                  <Text fz="sm">{user.customername ?? '—'}</Text>
                </Table.Td>
              )}
              {!compact && (
                <Table.Td ta="center">
                  {user.companyAdmin ? (
                    <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-6)" aria-label="Yes" />
                  ) : (
                    <Text span c="dimmed" fz="sm" aria-label="No">
                      —
                    </Text>
                  )}
                </Table.Td>
              )}
              {!compact && (
                <Table.Td>
                  <LastLogin seconds={user.lastlogin} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
