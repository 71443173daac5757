import { Anchor, Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconActivityHeartbeat,
  IconBuildingBroadcastTower,
  IconHeadset,
  IconPhone,
  IconTicket,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LightpathMark } from '../../../components/lightpath-mark';
import { buildVersion } from '../../../lib/build-info';
import { telHref } from '../../../lib/format';
import { usePortalInfo } from '../../../lib/queries/get-portal-info';
import classes from './auth-layout.module.css';

// Sign-in and password reset share this split screen: the brand and the provider's support line on
// the left (on top on a phone), the form on the right.
export function AuthLayout({ children }: { children: ReactNode }) {
  const portal = usePortalInfo();
  const providerName = portal.data?.provider.name;
  const phone = portal.data?.supportphone;

  return (
    <Box className={classes.root}>
      <Box component="aside" className={classes.brand}>
        <Stack gap="xl" className={classes.brandInner}>
          <LightpathMark size={40} withName inverted />
          <Stack gap="sm" visibleFrom="md">
            <Title order={1} c="white" fz={34} lh={1.15}>
              Your research network, in plain view.
            </Title>
            <Text c="indigo.1" fz="lg">
              The customer network services portal for research and education networks.
            </Text>
          </Stack>
          <List spacing="sm" visibleFrom="md" c="indigo.0" center>
            <List.Item
              icon={
                <ThemeIcon color="white" variant="white" c="indigo.7" radius="xl" size={28}>
                  <IconActivityHeartbeat size={16} />
                </ThemeIcon>
              }
            >
              Live status of your services and network events
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon color="white" variant="white" c="indigo.7" radius="xl" size={28}>
                  <IconBuildingBroadcastTower size={16} />
                </ThemeIcon>
              }
            >
              Sites, site access requests and equipment
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon color="white" variant="white" c="indigo.7" radius="xl" size={28}>
                  <IconTicket size={16} />
                </ThemeIcon>
              }
            >
              Support tickets straight to the NOC
            </List.Item>
          </List>
        </Stack>
        <Stack gap={4} className={classes.brandFooter}>
          {providerName && (
            <Text c="indigo.1" fz="sm">
              Operated by <strong>{providerName}</strong>
            </Text>
          )}
          {phone && (
            <Group gap={6}>
              <IconHeadset size={16} color="var(--mantine-color-indigo-1)" aria-hidden="true" />
              <Text c="indigo.1" fz="sm">
                NOC support:{' '}
                <Anchor href={telHref(phone)} c="white" fw={600} fz="sm">
                  {phone}
                </Anchor>
              </Text>
            </Group>
          )}
        </Stack>
      </Box>
      <Box component="main" className={classes.content}>
        <Paper className={classes.card} p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder shadow="sm">
          {children}
        </Paper>
        <Stack gap={2} mt="lg" align="center">
          {providerName && (
            <Text c="dimmed" fz="xs" hiddenFrom="md">
              Operated by {providerName}
            </Text>
          )}
          {phone && (
            <Text c="dimmed" fz="xs" hiddenFrom="md">
              <IconPhone size={12} style={{ verticalAlign: -1 }} aria-hidden="true" /> NOC support{' '}
              <Anchor href={telHref(phone)} fz="xs">
                {phone}
              </Anchor>
            </Text>
          )}
          <Text c="dimmed" fz="xs">
            Lightpath {buildVersion}
          </Text>
        </Stack>
      </Box>
    </Box>
  );
}
