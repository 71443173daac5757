import type { Card } from '@lightpath/domain/equipment';
import { EmptyState, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCpu } from '@tabler/icons-react';
import { CardStateBadge } from './equipment-badges';

// The chassis as its slots, in slot order, so an engineer on the phone to the PoP can say "slot 3".
export function ShelfChassis({ cards }: { cards: Card[] }) {
  if (cards.length === 0) {
    return (
      <EmptyState
        py="lg"
        size="sm"
        icon={<IconCpu size={22} />}
        title="No cards recorded"
        description="Run Update Shelf to read the cards from the device."
      />
    );
  }
  const bySlot = [...cards].sort((a, b) => a.slot - b.slot);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" component="ul" p={0} m={0}>
      {bySlot.map((card) => (
        <Paper
          key={card.cardid}
          component="li"
          withBorder
          radius="md"
          p="sm"
          style={{ listStyle: 'none' }}
          aria-label={`Slot ${card.slot}: ${card.cardtype}`}
        >
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="xs" c="dimmed" fw={600} tt="uppercase" style={{ whiteSpace: 'nowrap' }}>
                Slot {card.slot}
              </Text>
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {card.ports} {card.ports === 1 ? 'port' : 'ports'}
              </Text>
            </Group>
            <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {card.cardtype}
            </Text>
            <Text fz="xs" ff="monospace">
              {card.equipid}
            </Text>
            <Text fz="xs" c="dimmed">
              {card.serial ? `S/N ${card.serial}` : 'No serial'}
            </Text>
            <div>
              <CardStateBadge state={card.state} />
            </div>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
