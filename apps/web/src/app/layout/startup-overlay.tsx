import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LightpathMark } from '../../components/lightpath-mark';

export type LoadStep = { label: string; status: 'pending' | 'success' | 'error' };

function Backdrop({ children }: { children: ReactNode }) {
  return (
    <Stack
      pos="fixed"
      inset={0}
      align="center"
      justify="center"
      p="md"
      style={{
        zIndex: 400,
        background: 'linear-gradient(160deg, var(--lp-color-page), var(--mantine-color-indigo-light))',
      }}
    >
      {children}
    </Stack>
  );
}

// Spec 2.3: a full-screen overlay lists each data set while the guard loads it.
export function StartupOverlay({ steps }: { steps: LoadStep[] }) {
  return (
    <Backdrop>
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={360} aria-busy="true" aria-live="polite">
        <Stack gap="lg" align="center">
          <LightpathMark size={40} withName />
          <Stack gap={10} w="100%" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {steps.map((step) => (
              <Group key={step.label} gap="sm" component="li" wrap="nowrap">
                {step.status === 'pending' && <Loader size={16} />}
                {step.status === 'success' && (
                  <ThemeIcon size={16} radius="xl" color="teal">
                    <IconCheck size={11} />
                  </ThemeIcon>
                )}
                {step.status === 'error' && (
                  <ThemeIcon size={16} radius="xl" color="yellow">
                    <IconX size={11} />
                  </ThemeIcon>
                )}
                <Text fz="sm" c={step.status === 'pending' ? undefined : 'dimmed'}>
                  {step.label}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Paper>
    </Backdrop>
  );
}

// When the profile cannot be loaded there is nothing to show; offer the two ways out.
export function StartupFailure({ onReload, onLogout }: { onReload: () => void; onLogout: () => void }) {
  return (
    <Backdrop>
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={400} role="alert">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={48} radius="xl" color="yellow" variant="light">
            <IconAlertTriangle size={26} />
          </ThemeIcon>
          <Title order={2} fz={22}>
            Something went wrong
          </Title>
          <Text c="dimmed" fz="sm">
            Your profile could not be loaded. Reload to try again, or log out and sign in afresh.
          </Text>
          <Group>
            <Button onClick={onReload}>Reload</Button>
            <Button variant="default" onClick={onLogout}>
              Logout
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Backdrop>
  );
}
