import { equipmentMessages, type Shelf } from '@lightpath/domain/equipment';
import type { NetBoxCompare } from '@lightpath/domain/netbox-inventory';
import { can } from '@lightpath/domain/permissions';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailPageGate } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useNetBoxCompare, useShelfNamed } from '../api/netbox-checks';

export const equipmentCrumb = { label: 'Equipment', to: '/equipment' };

// Both NetBox pages: the shelf named in the address, then its compare. Until both are in, the gate
// shows the refusal, the not-found (an unknown name), NetBox's failure with a retry, or the skeleton.
export function NetBoxCheckGate({
  shelfName,
  title,
  children,
}: {
  shelfName: string;
  title: (name: string) => string;
  children: (loaded: { shelf: Shelf; compare: NetBoxCompare }) => ReactNode;
}) {
  const { actor } = useSession();
  const allowed = can(actor, 'equipment.view');
  const valid = shelfName.trim() !== '';
  const shelf = useShelfNamed(shelfName, allowed && valid);
  const compare = useNetBoxCompare(shelf.data?.equipmentid);
  if (shelf.isSuccess && compare.isSuccess) return children({ shelf: shelf.data, compare: compare.data });
  const name = shelf.data?.equipmentname ?? shelfName;
  const crumbs = [
    equipmentCrumb,
    shelf.data ? { label: name, to: `/equipment/shelf/${shelf.data.equipmentid}` } : { label: name },
  ];
  return (
    <DetailPageGate
      allowed={allowed}
      valid={valid}
      query={shelf.isSuccess ? compare : shelf}
      title={title(name)}
      crumbs={crumbs}
      noAccessWhat="equipment"
      recordWhat={shelf.isSuccess ? "NetBox's record of this shelf" : 'shelf'}
      notFoundMessage={equipmentMessages.notFound}
      loadingHeader={{ title: title(name), crumbs }}
      skeleton={
        <Stack gap="md">
          <Skeleton h={120} radius="lg" />
          <Skeleton h={260} radius="lg" />
        </Stack>
      }
    />
  );
}

// Where the two pages and the shelf are, for the links between them.
export function netboxPageLinks(shelf: Shelf) {
  const name = encodeURIComponent(shelf.equipmentname);
  return {
    shelf: `/equipment/shelf/${shelf.equipmentid}`,
    compare: `/equipment/compare-netbox-config/${name}`,
    sync: `/equipment/sync-physical-inventory/${name}`,
  };
}

// The loaded page's header: the shelf in the crumbs, Back to shelf, and the link to the other page.
export function NetBoxPageHeader({
  shelf,
  title,
  here,
  other,
}: {
  shelf: Shelf;
  title: string;
  here: string;
  other: { to: string; label: string; icon: ReactNode } | null;
}) {
  const links = netboxPageLinks(shelf);
  return (
    <PageHeader
      title={title}
      description={`${shelf.vendor} ${shelf.model} at ${shelf.sitenumber} ${shelf.sitename}`}
      crumbs={[equipmentCrumb, { label: shelf.equipmentname, to: links.shelf }, { label: here }]}
      actions={
        <>
          <Button
            component={Link}
            to={links.shelf}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to shelf
          </Button>
          {other && (
            <Button component={Link} to={other.to} variant="light" leftSection={other.icon}>
              {other.label}
            </Button>
          )}
        </>
      }
    />
  );
}

// NetBox has no device of the shelf's name: both pages say so the same way.
export function NotInNetBox({ name }: { name: string }) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title="Not in NetBox"
      role="status"
    >
      NetBox has no device named {name}, so there is nothing to compare or write. The portal only changes
      devices NetBox already has: add it in NetBox (same name, exactly) and come back.
    </Alert>
  );
}
