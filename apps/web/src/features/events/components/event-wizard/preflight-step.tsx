import type { PreflightCustomer } from '@lightpath/domain/events';
import { Alert, Box, Checkbox, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBellOff, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PreflightCustomerCard } from './preflight-customer-card';

type Props = {
  heading: ReactNode;
  customers: PreflightCustomer[];
  sendnotification: boolean;
  updateexisting: boolean;
  onSendnotificationChange: (value: boolean) => void;
  onUpdateexistingChange: (value: boolean) => void;
  // True while the plan is worked out again (after 'Update existing tickets' changed).
  refreshing: boolean;
};

export function preflightTotals(customers: readonly PreflightCustomer[]) {
  return {
    customers: customers.length,
    tickets: customers.reduce((sum, c) => sum + c.tickets.length, 0),
    sms: customers.reduce((sum, c) => sum + c.sms.length, 0),
    services: customers.reduce((sum, c) => sum + c.services.length, 0),
  };
}

function Total({ value, label }: { value: number; label: string }) {
  return (
    <Paper withBorder p="xs" radius="md" ta="center">
      <Text fz="xl" fw={700} lh={1.1}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
    </Paper>
  );
}

// Page two: exactly what the send will do, customer by customer, before anything is written.
export function PreflightStep({
  heading,
  customers,
  sendnotification,
  updateexisting,
  onSendnotificationChange,
  onUpdateexistingChange,
  refreshing,
}: Props) {
  const totals = preflightTotals(customers);
  return (
    <Stack gap="md">
      {heading}
      <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label="Totals">
        <Total value={totals.customers} label={totals.customers === 1 ? 'customer' : 'customers'} />
        <Total value={totals.tickets} label={totals.tickets === 1 ? 'ticket' : 'tickets'} />
        <Total value={totals.sms} label="SMS" />
        <Total value={totals.services} label={totals.services === 1 ? 'service' : 'services'} />
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox
          label="Send notifications"
          checked={sendnotification}
          onChange={(event) => onSendnotificationChange(event.currentTarget.checked)}
        />
        <Checkbox
          label="Update existing tickets"
          description="Answer on the tickets earlier notices opened, instead of opening new ones"
          checked={updateexisting}
          disabled={!sendnotification || refreshing}
          onChange={(event) => onUpdateexistingChange(event.currentTarget.checked)}
        />
      </Group>
      {!sendnotification && (
        <Alert color="gray" variant="light" icon={<IconBellOff size={16} />}>
          Notifications are switched off: the event is saved, but no customer is told.
        </Alert>
      )}
      <Box pos="relative" style={{ opacity: sendnotification ? 1 : 0.55 }}>
        <LoadingOverlay visible={refreshing} zIndex={5} overlayProps={{ blur: 1 }} />
        {customers.length === 0 ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />}>
            None of the chosen services belongs to a customer to notify.
          </Alert>
        ) : (
          <Stack gap="sm">
            {customers.map((customer) => (
              <PreflightCustomerCard key={customer.customerid} customer={customer} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
