import { Group, Text } from '@mantine/core';

export type ChartLegendItem = {
  name: string;
  label: string;
  // A Mantine colour with its shade, 'indigo.6'.
  color: string;
  // What the legend says beside the label: '880 Mb/s (peak 2.40 Gb/s)', '12'.
  figures: string;
};

// A chart's legend: a swatch, the series' name and its figures in words, above the drawing (which is
// a picture of them, hidden from screen readers).
export function ChartLegend({ items }: { items: readonly ChartLegendItem[] }) {
  return (
    <Group gap="md" wrap="wrap">
      {items.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          <span
            aria-hidden="true"
            style={{
              width: 10,
              height: 10,
              borderRadius: 2,
              background: `var(--mantine-color-${s.color.replace('.', '-')})`,
            }}
          />
          <Text fz="xs">
            <Text span fw={600} fz="xs">
              {s.label}
            </Text>{' '}
            {s.figures}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
