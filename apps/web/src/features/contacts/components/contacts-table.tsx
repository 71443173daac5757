import type { ContactSummary } from '@lightpath/domain/contacts';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text';
import { SortableTh } from '../../../components/sortable-th';

type Props = {
  contacts: ContactSummary[];
  showCustomer: boolean;
  sort: string;
  onSort: (sort: string) => void;
};

function ContactLink({ contact }: { contact: ContactSummary }) {
  return (
    <Anchor component={Link} to={`/contact/${contact.contactid}`} fw={500} fz="sm">
      {contact.contactname}
    </Anchor>
  );
}

const sitesLabel = (n: number) => `${n} ${n === 1 ? 'site' : 'sites'}`;

// On a phone a wide table only scrolls sideways; a stacked list reads better there.
function ContactsCards({ contacts, showCustomer }: Pick<Props, 'contacts' | 'showCustomer'>) {
  return (
    <Stack gap="xs">
      {contacts.map((contact) => (
        <Paper key={contact.contactid} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <ContactLink contact={contact} />
              <Text fz="xs" c="dimmed">
                {showCustomer ? `${contact.customercode} · ` : ''}
                {sitesLabel(contact.sitecount)}
              </Text>
            </Group>
            {contact.title && (
              <Text fz="xs" c="dimmed">
                {contact.title}
              </Text>
            )}
            {contact.email && <EmailText email={contact.email} fz="xs" />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function ContactsTable({ contacts, showCustomer, sort, onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <ContactsCards contacts={contacts} showCustomer={showCustomer} />;

  return (
    <Table.ScrollContainer minWidth={showCustomer ? 880 : 720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="contactname" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <Table.Th>Title</Table.Th>
            <SortableTh field="email" sort={sort} onSort={onSort}>
              Email
            </SortableTh>
            <Table.Th>Phone</Table.Th>
            {showCustomer && (
              <SortableTh field="customername" sort={sort} onSort={onSort}>
                Customer
              </SortableTh>
            )}
            <SortableTh field="sitecount" sort={sort} onSort={onSort} ta="right">
              Sites
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => (
            <Table.Tr key={contact.contactid}>
              <Table.Td>
                <ContactLink contact={contact} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{contact.title ?? ''}</Text>
              </Table.Td>
              <Table.Td>{contact.email && <EmailText email={contact.email} />}</Table.Td>
              <Table.Td>
                <Text fz="sm">{contact.mobile ?? contact.office ?? ''}</Text>
              </Table.Td>
              {showCustomer && (
                <Table.Td>
                  <Text fz="sm">{contact.customername}</Text>
                </Table.Td>
              )}
              <Table.Td ta="right">
                <Text fz="sm">{contact.sitecount}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
