import { ActionIcon, Anchor, Divider, Group, Popover, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

type Props = {
  label: string;
  // What the icon shows besides itself (the bell's count), so the button's name contains it.
  badge?: string;
  icon: ReactNode;
  // The page that lists everything, linked from the dropdown's title row.
  allLink: { to: string; label: string };
  width?: number;
  children: ReactNode;
};

// A header icon that opens a titled dropdown (network events, watched jobs): one look and one
// behaviour for both, closing when the user follows the link.
export function HeaderPopover({ label, badge, icon, allLink, width = 320, children }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={width} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={label} disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={badge ? `${label}: ${badge}` : label}
            onClick={() => setOpened((o) => !o)}
          >
            {icon}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600} fz="sm">
            {label}
          </Text>
          <Anchor component={Link} to={allLink.to} fz="xs" onClick={() => setOpened(false)}>
            {allLink.label}
          </Anchor>
        </Group>
        <Divider />
        {children}
      </Popover.Dropdown>
    </Popover>
  );
}
