import { Anchor, EmptyState, SimpleGrid } from '@mantine/core';
import { IconServerBolt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useSiteEquipment } from '../api/list-site-equipment';
import { ShelfCard } from './shelves-table';

// The shelves at a site with their alarms, on the site's page (staff only: the page shows this panel
// to equipment.view, so customers never ask for it).
export function SiteEquipmentPanel({ siteid }: { siteid: number }) {
  const shelves = useSiteEquipment(siteid);
  return (
    <Panel
      title="Equipment"
      count={shelves.data?.count}
      actions={
        shelves.data && shelves.data.count > 0 ? (
          <Anchor component={Link} to={`/equipment?siteid=${siteid}`} fz="sm">
            Open in the equipment list
          </Anchor>
        ) : undefined
      }
    >
      {shelves.isPending ? (
        <TableSkeleton rows={2} />
      ) : shelves.isError ? (
        <LoadError error={shelves.error} what="equipment" onRetry={() => shelves.refetch()} />
      ) : shelves.data.results.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconServerBolt size={22} />}
          title="No equipment at this site"
          description="Shelves recorded at this site appear here."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shelves.data.results.map((shelf) => (
            <ShelfCard key={shelf.equipmentid} shelf={shelf} withSite={false} />
          ))}
        </SimpleGrid>
      )}
    </Panel>
  );
}
