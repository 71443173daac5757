import {
  type InventoryDifference,
  type InventoryDifferenceKind,
  inventoryDifferenceKinds,
} from '@lightpath/domain/netbox-inventory';
import { Badge, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { describeDifference, kindTitles } from '../difference-text';

const changeBadges = {
  create: { label: 'Add', color: 'green' },
  update: { label: 'Change', color: 'blue' },
  delete: { label: 'Remove', color: 'red' },
} as const;

// The kind of change in a word and a colour, then the change in a sentence.
function DifferenceLine({ difference }: { difference: InventoryDifference }) {
  const badge = changeBadges[difference.change];
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {/* The sentence says the same: the badge is for the eye, not read out twice. */}
      <Badge variant="light" color={badge.color} size="sm" style={{ flexShrink: 0 }} aria-hidden>
        {badge.label}
      </Badge>
      <Text span fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {describeDifference(difference)}
      </Text>
    </Group>
  );
}

// The differences to pick from, grouped by kind, each group with its own "all" box and one for
// everything. Without `onChange` (a role that may not write) it is a plain list.
export function DifferencesChecklist({
  differences,
  selected,
  onChange,
}: {
  differences: InventoryDifference[];
  selected: Set<string>;
  onChange?: ((next: Set<string>) => void) | undefined;
}) {
  const groups = inventoryDifferenceKinds
    .map((kind) => ({ kind, items: differences.filter((d) => d.kind === kind) }))
    .filter((g) => g.items.length > 0);

  const setAll = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) on ? next.add(id) : next.delete(id);
    onChange?.(next);
  };
  const allBox = (label: string, ids: string[]) => {
    const chosen = ids.filter((id) => selected.has(id)).length;
    return (
      <Checkbox
        label={label}
        checked={chosen === ids.length}
        indeterminate={chosen > 0 && chosen < ids.length}
        onChange={(event) => setAll(ids, event.currentTarget.checked)}
      />
    );
  };

  return (
    <Stack gap="md">
      {onChange &&
        allBox(
          `Select all ${differences.length}`,
          differences.map((d) => d.id),
        )}
      {groups.map(({ kind, items }) => (
        <Stack
          key={kind}
          gap={6}
          component="section"
          aria-label={kindTitles[kind as InventoryDifferenceKind]}
        >
          <Group justify="space-between" gap="xs">
            <Title order={3} fz="sm">
              {kindTitles[kind]} ({items.length})
            </Title>
            {onChange &&
              items.length > 1 &&
              allBox(
                `All ${kindTitles[kind].toLowerCase()}`,
                items.map((d) => d.id),
              )}
          </Group>
          {items.map((d) =>
            onChange ? (
              <Checkbox
                key={d.id}
                checked={selected.has(d.id)}
                onChange={(event) => setAll([d.id], event.currentTarget.checked)}
                label={<DifferenceLine difference={d} />}
              />
            ) : (
              <DifferenceLine key={d.id} difference={d} />
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}
