import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

// Spec 9: while the FAQ store works, an overlay names what it is doing ('Loading FAQ Articles',
// 'Creating FAQ Article', ...). The parent must be position: relative.
export function FaqBusyOverlay({ visible, label }: { visible: boolean; label: string }) {
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={5}
      overlayProps={{ blur: 1, radius: 'lg' }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader size="md" />
            <Text fz="sm" fw={500}>
              {label}
            </Text>
          </Stack>
        ),
      }}
    />
  );
}
