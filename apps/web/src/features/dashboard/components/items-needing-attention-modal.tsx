import { EmptyState, List, Table, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { useItemsNeedingAttention } from '../api/list-items-needing-attention';
import {
  attentionRecordRoute,
  dashboardRowsNavigate,
  groupAttentionItems,
  initialSide,
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
  const data = items.data;
  const split = data ? groupAttentionItems(data.results) : null;
  // The toggle counts every site and service in scope; the list may stop at the server's cap.
  const side = chosen ?? (data ? initialSide(data.sites, data.services) : 'sites');
  const shown = split ? split[side] : [];
  const provider = actor.type <= 3;

  return (
    <SideToggleModal
      title="Items Needing Attention"
      opened={opened}
      onClose={onClose}
      side={side}
      onSide={setChosen}
      counts={data ? { sites: data.sites, services: data.services } : null}
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
          {shown.map((record) => {
            const to = navigates ? attentionRecordRoute(record) : null;
            return (
              <Table.Tr
                key={`${record.node}-${record.id}`}
                {...rows.rowProps(to)}
                style={{ verticalAlign: 'top' }}
              >
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {rows.cell(to, record.label)}
                  {/* Site numbers repeat across customers: provider staff need the customer too. */}
                  {provider && record.node === 'site' && (
                    <Text span fz="xs" c="dimmed" ml={6}>
                      {record.customercode}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {record.descriptions.length === 1 ? (
                    <Text fz="sm">{record.descriptions[0]}</Text>
                  ) : (
                    <List size="sm" spacing={2}>
                      {record.descriptions.map((d) => (
                        <List.Item key={d}>{d}</List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ModalTable>
      )}
    </SideToggleModal>
  );
}
