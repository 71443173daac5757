import { inventoryDifferenceKinds } from '@lightpath/domain/netbox-inventory';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconTransfer } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { CompareSections } from '../../../features/netbox-checks/components/compare-sections';
import {
  NetBoxCheckGate,
  NetBoxPageHeader,
  NotInNetBox,
  netboxPageLinks,
} from '../../../features/netbox-checks/components/netbox-check-gate';
import { kindTitles } from '../../../features/netbox-checks/difference-text';
import { usePageTitle } from '../../../lib/use-page-title';

const titleOf = (name: string) => `Compare ${name} with NetBox`;

// Spec 2.2 /equipment/compare-netbox-config/{shelfName}: the shelf as discovered beside NetBox's
// record of it, the differences marked; writing them is the sync page's.
export function CompareNetBoxPage() {
  const { shelfName = '' } = useParams();
  usePageTitle(titleOf(shelfName));
  return (
    <NetBoxCheckGate shelfName={shelfName} title={titleOf}>
      {({ shelf, compare }) => {
        const name = shelf.equipmentname;
        const syncLink = netboxPageLinks(shelf).sync;
        const count = compare.differences.length;
        const byKind = inventoryDifferenceKinds
          .map((kind) => ({ kind, n: compare.differences.filter((d) => d.kind === kind).length }))
          .filter((k) => k.n > 0);
        return (
          <>
            <NetBoxPageHeader
              shelf={shelf}
              title={titleOf(name)}
              here="Compare with NetBox"
              other={
                compare.record && {
                  to: syncLink,
                  label: 'Sync physical inventory',
                  icon: <IconTransfer size={16} />,
                }
              }
            />
            {!compare.record ? (
              <NotInNetBox name={name} />
            ) : (
              <Stack gap="md">
                {count === 0 ? (
                  <Alert
                    color="green"
                    variant="light"
                    icon={<IconCircleCheck size={18} />}
                    title="NetBox agrees"
                    role="status"
                  >
                    NetBox's record of {name} matches the shelf as discovered.
                  </Alert>
                ) : (
                  <Alert
                    color="yellow"
                    variant="light"
                    icon={<IconInfoCircle size={18} />}
                    title={`${count} ${count === 1 ? 'difference' : 'differences'}`}
                    role="status"
                  >
                    <Group gap="xs" justify="space-between">
                      <Text fz="sm">{byKind.map((k) => `${kindTitles[k.kind]}: ${k.n}`).join(' · ')}</Text>
                      <Button component={Link} to={syncLink} size="xs" variant="light">
                        Review and write to NetBox
                      </Button>
                    </Group>
                  </Alert>
                )}
                <CompareSections compare={{ ...compare, record: compare.record }} />
              </Stack>
            )}
          </>
        );
      }}
    </NetBoxCheckGate>
  );
}
