import type { NotificationTicket, PreflightCustomer } from '@lightpath/domain/events';
import { Alert, Badge, Button, Collapse, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { MessagePreviewFrame } from '../../../../components/message-preview-frame';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function Toggle({ opened, onClick, children }: { opened: boolean; onClick: () => void; children: string }) {
  const Icon = opened ? IconChevronDown : IconChevronRight;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      onClick={onClick}
      aria-expanded={opened}
      leftSection={<Icon size={14} aria-hidden="true" />}
    >
      {children}
    </Button>
  );
}

function TicketPlan({ ticket, code }: { ticket: NotificationTicket; code: string }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text fz="sm" fw={500} style={{ minWidth: 0 }} truncate>
            {ticket.subject}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={ticket.ticketid ? 'indigo' : 'teal'}
            style={{ flexShrink: 0 }}
          >
            {ticket.ticketid ? `Updates ticket #${ticket.ticketid}` : 'New ticket'}
          </Badge>
        </Group>
        <Text fz="xs">
          <Text span c="dimmed" fz="xs">
            To:{' '}
          </Text>
          {ticket.requester}
        </Text>
        {ticket.ccs.length > 0 && (
          <Text fz="xs">
            <Text span c="dimmed" fz="xs">
              Cc:{' '}
            </Text>
            {ticket.ccs.join(', ')}
          </Text>
        )}
        <div>
          <Toggle opened={opened} onClick={toggle}>
            View message
          </Toggle>
        </div>
        <Collapse expanded={opened}>
          {opened && (
            <MessagePreviewFrame height={260} html={ticket.htmlcomment} title={`Message to ${code}`} />
          )}
        </Collapse>
      </Stack>
    </Paper>
  );
}

// One customer of the preflight (spec 3 'Preflight result per customer'): what it will be told, by
// which channel, and why it might get less than expected.
export function PreflightCustomerCard({ customer }: { customer: PreflightCustomer }) {
  const [servicesOpened, { toggle: toggleServices }] = useDisclosure(false);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={`${customer.code} ${customer.customername}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge variant="filled" color="indigo" style={{ flexShrink: 0 }}>
              {customer.code}
            </Badge>
            <Text fw={600} truncate>
              {customer.customername}
            </Text>
          </Group>
          <Group gap={6}>
            <Badge variant="light" color="gray">
              {plural(customer.services.length, 'service')}
            </Badge>
            <Badge variant="light" color="gray">
              {plural(customer.tickets.length, 'ticket')}
            </Badge>
            <Badge variant="light" color="gray">
              {customer.sms.length} SMS
            </Badge>
            <Badge variant="light" color="gray">
              {plural(customer.subscribers.length, 'subscriber')}
            </Badge>
          </Group>
        </Group>

        {customer.warnings.map((warning) => (
          <Alert key={warning} color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
            <Text fz="sm">{warning}</Text>
          </Alert>
        ))}

        <div>
          <Toggle opened={servicesOpened} onClick={toggleServices}>
            {`Services (${customer.services.length})`}
          </Toggle>
          <Collapse expanded={servicesOpened}>
            <Group gap={6} mt={4}>
              {customer.services.map((serviceid) => (
                <Badge key={serviceid} variant="outline" color="gray" ff="monospace" tt="none">
                  {serviceid}
                </Badge>
              ))}
            </Group>
          </Collapse>
        </div>

        {customer.skippedservices.length > 0 && (
          <Text fz="sm">
            <Text span fz="sm" c="dimmed">
              Skipped services ({customer.skippedservices.length}):{' '}
            </Text>
            <Text span fz="sm" ff="monospace">
              {customer.skippedservices.join(', ')}
            </Text>
          </Text>
        )}

        {customer.tickets.length > 0 && (
          <Stack gap="xs">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              Ticket and e-mail
            </Text>
            {customer.tickets.map((ticket) => (
              <TicketPlan
                key={`${ticket.requester}-${ticket.ticketid ?? ticket.subject}`}
                ticket={ticket}
                code={customer.code}
              />
            ))}
          </Stack>
        )}

        {customer.subscribers.length > 0 && (
          <Stack gap={4}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              Subscribers
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table
                fz="xs"
                verticalSpacing={4}
                withTableBorder
                aria-label={`Subscribers of ${customer.code}`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Services</Table.Th>
                    <Table.Th>Told by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {customer.subscribers.map((subscriber) => (
                    <Table.Tr key={subscriber.userid}>
                      <Table.Td>{subscriber.name}</Table.Td>
                      <Table.Td>{subscriber.email}</Table.Td>
                      <Table.Td ff="monospace">{subscriber.services.join(', ')}</Table.Td>
                      {/* One message each: a subscriber who is also a contact on the ticket gets only the ticket's. */}
                      <Table.Td>
                        {subscriber.delivery === 'ticket' ? 'The ticket (a contact)' : 'Own e-mail'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}

        {customer.sms.length > 0 && (
          <Stack gap={4}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              SMS
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table fz="xs" verticalSpacing={4} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Recipient</Table.Th>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Services</Table.Th>
                    <Table.Th>Message</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {customer.sms.map((sms) => (
                    <Table.Tr key={`${sms.smsto}-${sms.recipient}`}>
                      <Table.Td>{sms.recipient}</Table.Td>
                      <Table.Td ff="monospace">{sms.smsto}</Table.Td>
                      <Table.Td ff="monospace">{sms.serviceid.join(', ')}</Table.Td>
                      <Table.Td>{sms.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
