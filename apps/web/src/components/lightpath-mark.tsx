import { Group, Text } from '@mantine/core';

type Props = { size?: number; withName?: boolean; inverted?: boolean };

// The Lightpath mark: a light path crossing peaks, ending in a lit node.
export function LightpathMark({ size = 32, withName = false, inverted = false }: Props) {
  return (
    <Group gap={8} wrap="nowrap" aria-label="Lightpath">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={inverted ? '#ffffff' : 'var(--mantine-color-indigo-6)'} />
        <path
          d="M7 22.5 14 9.5l4 7 3-4.5 4 10.5"
          fill="none"
          stroke={inverted ? 'var(--mantine-color-indigo-7)' : '#ffffff'}
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="25" cy="22.5" r="2" fill="var(--mantine-color-cyan-4)" />
      </svg>
      {withName && (
        <Text
          fw={700}
          fz={size > 36 ? 'xl' : 'lg'}
          c={inverted ? 'white' : undefined}
          style={{ letterSpacing: -0.3 }}
        >
          Lightpath
        </Text>
      )}
    </Group>
  );
}
