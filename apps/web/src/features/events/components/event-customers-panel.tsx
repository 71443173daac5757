import type { EventCustomer } from '@lightpath/domain/events';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Panel } from '../../../components/panel';

// Provider staff only: which customers the event reaches, and with how many of their services.
export function EventCustomersPanel({ customers, linked }: { customers: EventCustomer[]; linked: boolean }) {
  return (
    <Panel title="Customers" count={customers.length}>
      {customers.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No customer is affected.
        </Text>
      ) : (
        <Stack gap={6}>
          {customers.map((customer) => (
            <Group key={customer.customerid} justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text ff="monospace" fz="xs" c="dimmed">
                  {customer.customercode}
                </Text>
                {linked ? (
                  <Anchor component={Link} to={`/customers/${customer.customerid}`} fz="sm" truncate>
                    {customer.customername}
                  </Anchor>
                ) : (
                  <Text fz="sm" truncate>
                    {customer.customername}
                  </Text>
                )}
              </Group>
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {customer.servicecount} {customer.servicecount === 1 ? 'service' : 'services'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
