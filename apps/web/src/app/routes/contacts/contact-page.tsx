import { contactMessages } from '@lightpath/domain/contacts';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Anchor, Badge, Button, Grid, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DetailPageGate } from '../../../components/detail-page-gate';
import { EmailText } from '../../../components/email-text';
import { PageHeader } from '../../../components/page-header';
import { useDeleteContact } from '../../../features/contacts/api/delete-contact';
import { useContact } from '../../../features/contacts/api/get-contact';
import { ContactSitesPanel } from '../../../features/contacts/components/contact-sites-panel';
import { EditContactModal } from '../../../features/contacts/components/edit-contact-modal';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { telHref } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Contacts', to: '/contacts' }];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140} fz="sm" c="dimmed" fw={500}>
        {label}
      </Table.Th>
      <Table.Td>
        {children ?? (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function ContactPage() {
  const { contactid: raw } = useParams();
  const contactid = Number(raw);
  const valid = Number.isInteger(contactid) && contactid > 0;
  const { actor } = useSession();
  const allowed = can(actor, 'contacts.view');
  const manage = can(actor, 'contacts.manage');
  const navigate = useNavigate();
  const query = useContact(contactid, allowed);
  const deleteContact = useDeleteContact();
  const [editing, edit] = useDisclosure(false);
  usePageTitle(query.data ? query.data.contactname : 'Contact');

  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title="Contact"
        crumbs={crumbs}
        noAccessWhat="contacts"
        recordWhat="contact"
        loadingHeader={{ title: <Skeleton h={28} w={220} />, crumbs: [...crumbs, { label: '…' }] }}
        skeleton={<Skeleton h={240} radius="lg" />}
      />
    );
  }

  const contact = query.data;
  const sites = contact.sites.length;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete contact',
      children: (
        <Text fz="sm">
          Delete <strong>{contact.contactname}</strong> of {contact.customername}?
          {sites > 0
            ? ` They are removed from the ${sites === 1 ? 'site' : `${sites} sites`} they stand for, which may leave a site without a primary contact.`
            : ''}{' '}
          This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete contact', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteContact.mutate(contact.contactid, {
          onSuccess: () => {
            notify.success(`${contactMessages.deleted}: ${contact.contactname}`);
            navigate('/contacts', { replace: true });
          },
          onError: (error) => {
            if (needsToast(error)) notify.warning(errorMessage(error, contactMessages.deleteFailed));
          },
        }),
    });

  return (
    <>
      <PageHeader
        title={contact.contactname}
        description={
          <Stack gap={4} component="span">
            {contact.title && <span>{contact.title}</span>}
            {isProviderType(actor.type) && (
              <Badge size="sm" variant="outline" color="gray" ff="monospace" component="span">
                {contact.customercode}
              </Badge>
            )}
          </Stack>
        }
        crumbs={[...crumbs, { label: contact.contactname }]}
        actions={
          manage && (
            <>
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={edit.open}>
                Edit
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={deleteContact.isPending}
              >
                Delete
              </Button>
            </>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'sm', sm: 'md' }}
            shadow="xs"
            component="section"
            aria-label="Details"
          >
            <Table>
              <Table.Tbody>
                <Fact label="Name">
                  <Text fz="sm">{contact.contactname}</Text>
                </Fact>
                <Fact label="Title">{contact.title && <Text fz="sm">{contact.title}</Text>}</Fact>
                <Fact label="Email">
                  {contact.email && (
                    <Anchor href={`mailto:${contact.email}`}>
                      <EmailText email={contact.email} span />
                    </Anchor>
                  )}
                </Fact>
                <Fact label="Office">
                  {contact.office && (
                    <Anchor href={telHref(contact.office)} fz="sm">
                      {contact.office}
                    </Anchor>
                  )}
                </Fact>
                <Fact label="Mobile">
                  {contact.mobile && (
                    <Anchor href={telHref(contact.mobile)} fz="sm">
                      {contact.mobile}
                    </Anchor>
                  )}
                </Fact>
                <Fact label="Customer">
                  <Text fz="sm">
                    {contact.customername} ({contact.customercode})
                  </Text>
                </Fact>
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ContactSitesPanel contact={contact} />
        </Grid.Col>
      </Grid>
      {manage && <EditContactModal contact={contact} opened={editing} onClose={edit.close} />}
    </>
  );
}
