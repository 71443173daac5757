import { Anchor, Center, Loader, Modal, ScrollArea, SegmentedControl, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { type ToggleSide, toggleLabels } from '../dashboard-rows';

type Props = {
  title: string;
  opened: boolean;
  onClose: () => void;
  side: ToggleSide;
  onSide: (side: ToggleSide) => void;
  counts: { sites: number; services: number } | null;
  loading: boolean;
  error: unknown;
  // Spec 8 names what failed: 'An error occurred retrieving <what>'.
  what: string;
  onRetry: () => void;
  children: ReactNode;
};

// Spec 2.6: the dashboard's two modals, each a Sites (n) / Services (n) toggle over a table that scrolls
// within 650 px. Full screen on a phone.
export function SideToggleModal({
  title,
  opened,
  onClose,
  side,
  onSide,
  counts,
  loading,
  error,
  what,
  onRetry,
  children,
}: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" fullScreen={phone}>
      <Stack gap="md">
        {counts && (
          <SegmentedControl
            aria-label="Show sites or services"
            value={side}
            onChange={(value) => onSide(value as ToggleSide)}
            data={toggleLabels(counts.sites, counts.services)}
            fullWidth
          />
        )}
        {loading ? (
          <Center py="xl">
            <Loader aria-label={`Loading ${what}`} />
          </Center>
        ) : error ? (
          <LoadError error={error} what={what} onRetry={onRetry} />
        ) : (
          <ScrollArea.Autosize mah={650} type="auto" offsetScrollbars>
            {children}
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}

// A row that opens its site or service when the caller's role may (spec 6); otherwise plain text. The
// key cell carries a real link, so keyboard users reach it with Tab.
export function useRowLink(onClose: () => void) {
  const navigate = useNavigate();
  return {
    rowProps: (to: string | null) =>
      to
        ? {
            onClick: (event: MouseEvent) => {
              if ((event.target as HTMLElement).closest('a')) return;
              onClose();
              navigate(to);
            },
            style: { cursor: 'pointer' },
          }
        : {},
    cell: (to: string | null, children: ReactNode) =>
      to ? (
        <Anchor component={Link} to={to} fz="sm" fw={500} onClick={onClose}>
          {children}
        </Anchor>
      ) : (
        children
      ),
  };
}

export function ModalTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" highlightOnHover stickyHeader>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
