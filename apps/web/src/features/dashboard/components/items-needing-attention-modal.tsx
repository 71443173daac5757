import { EmptyState, Table, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { useItemsNeedingAttention } from '../api/list-items-needing-attention';
import {
  attentionItemRoute,
  dashboardRowsNavigate,
  initialSide,
  splitAttentionItems,
  type ToggleSide,
} from '../dashboard-rows';
import { ModalTable, SideToggleModal, useRowLink } from './side-toggle-modal';

type Props = { opened: boolean; onClose: () => void; startSide?: ToggleSide };

export function ItemsNeedingAttentionModal({ opened, onClose, startSide }: Props) {
  const { actor } = useSession();
  const items = useItemsNeedingAttention(opened);
  const navigates = dashboardRowsNavigate(actor.type);
  const [chosen, setChosen] = useState<ToggleSide | null>(startSide ?? null);
  // Each opening starts on the side the user clicked (or the first with something in it).
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) setChosen(startSide ?? null);
  }
  const rows = useRowLink(onClose);
  const split = items.data ? splitAttentionItems(items.data.results) : null;
  const side = chosen ?? (split ? initialSide(split.sites.length, split.services.length) : 'sites');
  const shown = split ? split[side] : [];

  return (
    <SideToggleModal
      title="Items Needing Attention"
      opened={opened}
      onClose={onClose}
      side={side}
      onSide={setChosen}
      counts={split ? { sites: split.sites.length, services: split.services.length } : null}
      loading={items.isPending}
      error={items.error}
      what="items needing attention"
      onRetry={() => items.refetch()}
    >
      {split && shown.length === 0 ? (
        <EmptyState
          py="xl"
          size="sm"
          icon={<IconChecklist size={24} />}
          color="teal"
          variant="light"
          title={`No ${side} need attention`}
          description="Missing contacts, coordinates or subscriptions show up here."
        />
      ) : (
        <ModalTable head={[side === 'sites' ? 'Site' : 'Service', 'What needs attention']}>
          {shown.map((item) => {
            const to = navigates ? attentionItemRoute(item) : null;
            return (
              <Table.Tr
                key={`${item.notificationlinknode}-${item.notificationlinkid}-${item.notificationdescription}`}
                {...rows.rowProps(to)}
              >
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {rows.cell(to, item.notificationlinkid)}
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{item.notificationdescription}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ModalTable>
      )}
    </SideToggleModal>
  );
}
