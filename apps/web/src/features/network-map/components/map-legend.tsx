import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { LegendRow } from '../map-data';

function Swatch({ colour, shape }: { colour: string; shape: 'dot' | 'line' }) {
  return (
    <Box
      aria-hidden="true"
      w={shape === 'dot' ? 12 : 18}
      h={shape === 'dot' ? 12 : 4}
      style={{
        background: colour,
        borderRadius: shape === 'dot' ? '50%' : 2,
        border: shape === 'dot' ? '1px solid #fff' : undefined,
        boxShadow: shape === 'dot' ? '0 0 0 1px rgba(0,0,0,.15)' : undefined,
        flexShrink: 0,
      }}
    />
  );
}

function LegendList({ title, rows, shape }: { title: string; rows: LegendRow[]; shape: 'dot' | 'line' }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          None shown
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <Group key={row.key} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Swatch colour={row.colour} shape={shape} />
                <Text fz="sm" lh={1.3}>
                  {row.label}
                </Text>
              </Group>
              <Text fz="sm" c="dimmed" ff="monospace">
                {row.count.toLocaleString()}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function MapLegend({ sites, links }: { sites: LegendRow[]; links: LegendRow[] | null }) {
  return (
    <Stack gap="md">
      <LegendList title="Sites" rows={sites} shape="dot" />
      {links && <LegendList title="Services" rows={links} shape="line" />}
    </Stack>
  );
}
