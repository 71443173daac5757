import { type Contact, contactTypeName } from '@lightpath/domain/contacts';
import type { SiteContactType } from '@lightpath/domain/sites';
import { Anchor, Badge, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Panel } from '../../../components/panel';

const contactTypeColours: Record<SiteContactType, string> = { 1: 'indigo', 2: 'gray', 3: 'red' };

// The sites the contact stands for. Assignments are made and removed on each site's page.
export function ContactSitesPanel({ contact }: { contact: Contact }) {
  return (
    <Panel title="Sites" count={contact.sites.length}>
      {contact.sites.length === 0 ? (
        <EmptyState
          py="md"
          size="sm"
          icon={<IconMapPin size={22} />}
          title="Not assigned to any site"
          description="Assign this contact from a site's page, as its primary, secondary or emergency contact."
        />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {contact.sites.map((site) => (
            <Paper key={site.siteid} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text ff="monospace" fz="sm" c="dimmed">
                    {site.sitenumber}
                  </Text>
                  <Anchor component={Link} to={`/site/${site.siteid}`} fw={500} fz="sm">
                    {site.sitename}
                  </Anchor>
                </Group>
                <Badge size="sm" variant="light" color={contactTypeColours[site.contacttype]}>
                  {contactTypeName(site.contacttype)}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
