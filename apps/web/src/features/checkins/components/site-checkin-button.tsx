import { checkinModalMode, checkinSiteEligible } from '@lightpath/domain/checkins';
import { can } from '@lightpath/domain/permissions';
import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useSite } from '../../../lib/queries/get-site';
import { useSession } from '../../../lib/session';
import { useActiveCheckins } from '../api/list-active-checkins';
import { SiteCheckinModal } from './site-checkin-modal';

type Props = { siteid: number; sitename: string };

// On a site's page: 'Check in' or, with an open check-in there, 'Check out' (spec 4), opening the
// modal with the site chosen. Nothing for roles without check-ins, and no 'Check in' at a site that
// takes none (spec 6); 'Check out' shows whatever the site has become, so nobody is left checked in.
export function SiteCheckinButton({ siteid, sitename }: Props) {
  const { actor } = useSession();
  const allowed = can(actor, 'checkins.manage');
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  const active = useActiveCheckins(actor.userId, allowed);
  // The site page has this loaded already (same query), so it costs no request there.
  const site = useSite(siteid, allowed);
  if (!allowed || !active.data || !site.data) return null;

  const mode = checkinModalMode(active.data.results, siteid);
  if (mode === 'checkin' && !checkinSiteEligible(site.data, actor.type)) return null;

  return (
    <>
      <Button
        size={phone ? 'lg' : 'sm'}
        color={mode === 'checkout' ? 'orange' : undefined}
        leftSection={mode === 'checkout' ? <IconLogout2 size={18} /> : <IconLogin2 size={18} />}
        onClick={() => setOpened(true)}
      >
        {mode === 'checkout' ? 'Check out' : 'Check in'}
      </Button>
      <SiteCheckinModal
        opened={opened}
        onClose={() => setOpened(false)}
        site={{ siteid, sitename, sitenumber: site.data.sitenumber, customercode: site.data.customercode }}
      />
    </>
  );
}
