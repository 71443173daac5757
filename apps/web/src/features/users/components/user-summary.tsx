import { fullName, type User } from '@lightpath/domain/users';
import { Avatar, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { UserTypeBadge } from '../../../components/user-type-badge';
import { formatDateTime, initialsOf } from '../../../lib/format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function UserSummary({
  user,
  customerName,
  extra,
}: {
  user: User;
  customerName?: string;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar size={56} radius="xl" color="indigo">
            {initialsOf(user.firstname, user.surname)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} fz="lg" lh={1.2}>
              {fullName(user)}
            </Title>
            <Group gap={6}>
              <UserTypeBadge type={user.type} />
              {user.companyAdmin && (
                <Badge size="sm" variant="light" color="grape">
                  Company admin
                </Badge>
              )}
              {!user.enabled && (
                <Badge size="sm" variant="outline" color="gray">
                  Disabled
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Divider />
        <Stack gap={8}>
          <Fact label="Email">{user.email}</Fact>
          {customerName && <Fact label="Customer">{customerName}</Fact>}
          {user.title && <Fact label="Job title">{user.title}</Fact>}
          {user.office && <Fact label="Office">{user.office}</Fact>}
          {user.mobile && <Fact label="Mobile">{user.mobile}</Fact>}
          <Fact label="Last login">{formatDateTime(user.lastlogin)}</Fact>
        </Stack>
        {extra}
      </Stack>
    </Paper>
  );
}
