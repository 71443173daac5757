import type { Subscription } from '@lightpath/domain/subscriptions';
import { ActionIcon, Anchor, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SortableTh } from '../../../components/sortable-th';

type Props = {
  subscriptions: Subscription[];
  showCustomer: boolean;
  sort: string;
  onSort: (sort: string) => void;
  // Whether the caller may remove this one (a customer user: only its own).
  canRemove: (subscription: Subscription) => boolean;
  onRemove: (subscription: Subscription) => void;
};

export function SubscriptionsTable({
  subscriptions,
  showCustomer,
  sort,
  onSort,
  canRemove,
  onRemove,
}: Props) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="serviceid" sort={sort} onSort={onSort}>
              Service
            </SortableTh>
            <Table.Th>Description</Table.Th>
            {showCustomer && (
              <SortableTh field="customercode" sort={sort} onSort={onSort}>
                Customer
              </SortableTh>
            )}
            <SortableTh field="username" sort={sort} onSort={onSort}>
              User
            </SortableTh>
            <SortableTh field="useremail" sort={sort} onSort={onSort}>
              E-mail
            </SortableTh>
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((s) => (
            <Table.Tr key={s.notificationid}>
              <Table.Td>
                <Anchor component={Link} to={`/service/${s.serviceid}`} ff="monospace" fz="sm" fw={500}>
                  {s.serviceid}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{s.servicedescription}</Text>
              </Table.Td>
              {showCustomer && (
                <Table.Td>
                  <Text fz="sm">{s.customercode}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text fz="sm">{s.username}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${s.useremail}`} fz="sm">
                  {s.useremail}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {canRemove(s) && (
                  <Tooltip label="Unsubscribe">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Unsubscribe ${s.username} from ${s.serviceid}`}
                      onClick={() => onRemove(s)}
                    >
                      <IconBellOff size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
