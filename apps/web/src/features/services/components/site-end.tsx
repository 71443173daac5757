import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { siteEndRoute } from '../../../lib/service-links';

type Props = {
  end: 'A' | 'B';
  letter: string | null;
  siteid: number | null;
  sitenumber: string | null;
  sitename: string | null;
  // False for a site the user cannot open (a customer looking at the provider's PoP): plain text.
  linked: boolean;
};

export function SiteEnd({ end, letter, siteid, sitenumber, sitename, linked }: Props) {
  if (siteid === null || !sitename) {
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {linked ? (
        <Anchor
          component={Link}
          to={siteEndRoute(end, letter, siteid)}
          fz="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {sitename}
        </Anchor>
      ) : (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {sitename}
        </Text>
      )}
      {sitenumber && (
        <Text fz="xs" c="dimmed" ff="monospace">
          {sitenumber}
        </Text>
      )}
    </Stack>
  );
}
