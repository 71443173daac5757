import type { Shelf } from '@lightpath/domain/equipment';
import type { NetBoxCompare } from '@lightpath/domain/netbox-inventory';
import { can } from '@lightpath/domain/permissions';
import { Alert, Button, List, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconCloudUpload, IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Panel } from '../../../components/panel';
import { useNetBoxSync } from '../../../features/netbox-checks/api/netbox-checks';
import { DifferencesChecklist } from '../../../features/netbox-checks/components/differences-checklist';
import {
  NetBoxCheckGate,
  NetBoxPageHeader,
  NotInNetBox,
  netboxPageLinks,
} from '../../../features/netbox-checks/components/netbox-check-gate';
import { countChanges, describeDifference } from '../../../features/netbox-checks/difference-text';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const titleOf = (name: string) => `Sync ${name} to NetBox`;
const writeFailed = 'The changes could not be written to NetBox. Please try again.';

// Spec 2.2 /equipment/sync-physical-inventory/{shelfName}: what differs between the shelf and NetBox,
// to pick from and write to NetBox. Everyone who sees equipment sees the list; equipment.manage writes.
export function SyncInventoryPage() {
  const { shelfName = '' } = useParams();
  usePageTitle(titleOf(shelfName));
  return (
    <NetBoxCheckGate shelfName={shelfName} title={titleOf}>
      {(loaded) => <SyncInventory {...loaded} />}
    </NetBoxCheckGate>
  );
}

function SyncInventory({ shelf, compare }: { shelf: Shelf; compare: NetBoxCompare }) {
  const { actor } = useSession();
  const manage = can(actor, 'equipment.manage');
  const sync = useNetBoxSync(shelf.equipmentid);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const name = shelf.equipmentname;
  // Only what is still a difference counts: the list is replaced after every write.
  const chosen = compare.differences.filter((d) => picked.has(d.id));

  const write = () => {
    const ids = chosen.map((d) => d.id);
    setOutcome(null);
    sync.mutate(ids, {
      onSuccess: ({ message }) => {
        const text = message ?? `${countChanges(ids.length)} written to NetBox`;
        notify.success(text);
        setOutcome({ ok: true, message: text });
        setPicked(new Set());
      },
      onError: (error) => {
        const text = errorMessage(error, writeFailed);
        if (needsToast(error)) setOutcome({ ok: false, message: text });
      },
    });
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: `Write ${countChanges(chosen.length)} to NetBox`,
      children: (
        <Stack gap="xs">
          <Text fz="sm">
            NetBox's record of <strong>{name}</strong> will be changed to match the shelf:
          </Text>
          <List fz="sm" spacing={4} style={{ maxHeight: 320, overflowY: 'auto' }}>
            {chosen.map((d) => (
              <List.Item key={d.id} style={{ overflowWrap: 'anywhere' }}>
                {describeDifference(d)}
              </List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: `Write ${countChanges(chosen.length)}`, cancel: 'Cancel' },
      confirmProps: { leftSection: <IconCloudUpload size={16} /> },
      onConfirm: write,
    });

  return (
    <>
      <NetBoxPageHeader
        shelf={shelf}
        title={titleOf(name)}
        here="Sync physical inventory"
        other={{
          to: netboxPageLinks(shelf).compare,
          label: 'Compare side by side',
          icon: <IconColumns size={16} />,
        }}
      />
      <Stack gap="md">
        {sync.isPending && (
          <Alert
            color="blue"
            variant="light"
            icon={<Loader size={16} />}
            title="Writing to NetBox"
            role="status"
          >
            Writing {countChanges(sync.variables?.length ?? chosen.length)} to NetBox…
          </Alert>
        )}
        {outcome && (
          <Alert
            color={outcome.ok ? 'green' : 'red'}
            variant="light"
            icon={outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            title={outcome.ok ? 'Written to NetBox' : 'NetBox did not take every change'}
            role={outcome.ok ? 'status' : 'alert'}
            withCloseButton
            onClose={() => setOutcome(null)}
          >
            {outcome.message}
          </Alert>
        )}
        {!compare.record ? (
          <NotInNetBox name={name} />
        ) : compare.differences.length === 0 ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title="Nothing to write"
            role="status"
          >
            NetBox's record of {name} matches the shelf as discovered.
          </Alert>
        ) : (
          <Panel
            title="Differences"
            count={compare.differences.length}
            actions={
              manage && (
                <Button
                  leftSection={<IconCloudUpload size={16} />}
                  disabled={chosen.length === 0}
                  loading={sync.isPending}
                  onClick={confirm}
                >
                  Write {countChanges(chosen.length)} to NetBox
                </Button>
              )
            }
          >
            {!manage && (
              <Text fz="sm" c="dimmed" mb="sm">
                Writing to NetBox is for engineers and the NOC.
              </Text>
            )}
            <DifferencesChecklist
              differences={compare.differences}
              selected={picked}
              onChange={manage ? setPicked : undefined}
            />
          </Panel>
        )}
      </Stack>
    </>
  );
}
