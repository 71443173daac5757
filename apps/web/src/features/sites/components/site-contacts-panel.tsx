import {
  type Site,
  type SiteContact,
  type SiteContactType,
  siteContactAssignSchema,
  siteContactTypes,
  siteMessages,
} from '@lightpath/domain/sites';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAddressBook, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { TableSkeleton } from '../../../components/table-skeleton';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { telHref } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { reportFormError, zodResolver } from '../../../lib/zod-form';
import { useAssignSiteContact } from '../api/assign-site-contact';
import { useAssignableContacts } from '../api/list-assignable-contacts';
import { useSiteContacts } from '../api/list-site-contacts';
import { useUnassignSiteContact } from '../api/unassign-site-contact';

const contactTypeColours: Record<SiteContactType, string> = { 1: 'indigo', 2: 'gray', 3: 'red' };
const contactTypeOptions = ([1, 2, 3] as const).map((t) => ({
  value: String(t),
  label: siteContactTypes[t],
}));

type AssignValues = { contactid: string; contacttype: string };

function toAssign(values: AssignValues) {
  return {
    contactid: values.contactid === '' ? Number.NaN : Number(values.contactid),
    contacttype: Number(values.contacttype) as SiteContactType,
  };
}

const validateAssign = zodResolver(siteContactAssignSchema, toAssign);

// Shown only once GET /contacts answers (issue 5): a picker needs the customer's contacts to offer.
function AssignContactForm({ site, assigned }: { site: Site; assigned: SiteContact[] }) {
  const candidates = useAssignableContacts(site.customerid);
  const assign = useAssignSiteContact(site.siteid);
  const form = useForm<AssignValues>({
    initialValues: { contactid: '', contacttype: '1' },
    validate: validateAssign,
  });

  if (!candidates.isSuccess) return null;
  const taken = new Set(assigned.map((c) => c.contactid));
  const options = candidates.data
    .filter((c) => !taken.has(c.contactid))
    .map((c) => ({
      value: String(c.contactid),
      label: c.email ? `${c.contactname} (${c.email})` : c.contactname,
    }));

  const submit = form.onSubmit((values) =>
    assign.mutate(toAssign(values), {
      onSuccess: () => {
        notify.success(siteMessages.contactAssigned);
        form.reset();
      },
      onError: (error) => reportFormError(form, error, 'An error occurred while assigning this contact'),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Assign contact">
      <Group gap="sm" align="flex-end" mt="md">
        <Select
          label="Assign contact"
          placeholder={options.length === 0 ? 'Every contact is assigned' : 'Choose a contact'}
          searchable
          disabled={options.length === 0}
          nothingFoundMessage="No matching contact"
          data={options}
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('contactid')}
        />
        <Select
          label="As"
          allowDeselect={false}
          data={contactTypeOptions}
          w={{ base: '100%', xs: 140 }}
          {...form.getInputProps('contacttype')}
        />
        <Button
          type="submit"
          leftSection={<IconUserPlus size={16} />}
          loading={assign.isPending}
          disabled={options.length === 0}
        >
          Assign
        </Button>
      </Group>
    </form>
  );
}

export function SiteContactsPanel({ site, canManage }: { site: Site; canManage: boolean }) {
  const contacts = useSiteContacts(site.siteid);
  const unassign = useUnassignSiteContact(site.siteid);

  const confirmUnassign = (contact: SiteContact) =>
    modals.openConfirmModal({
      title: 'Remove contact from site',
      children: (
        <Text fz="sm">
          Remove <strong>{contact.contactname}</strong> as{' '}
          {siteContactTypes[contact.contacttype].toLowerCase()} contact of {site.sitenumber} {site.sitename}?
          The contact itself is kept.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconUserMinus size={16} /> },
      onConfirm: () =>
        unassign.mutate(contact.contactid, {
          onSuccess: () => notify.success(siteMessages.contactUnassigned),
          onError: (error) => {
            if (needsToast(error))
              notify.warning(errorMessage(error, 'An error occurred while removing this contact'));
          },
        }),
    });

  return (
    <Panel title="Contacts" count={contacts.data?.length}>
      {contacts.isPending ? (
        <TableSkeleton rows={2} />
      ) : contacts.isError ? (
        <LoadError error={contacts.error} what="contacts" onRetry={() => contacts.refetch()} />
      ) : (
        <>
          {contacts.data.length === 0 ? (
            <EmptyState
              py="md"
              size="sm"
              icon={<IconAddressBook size={22} />}
              title="No contacts for this site"
              description="The NOC calls these people about works and outages here."
            />
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {[...contacts.data]
                .sort((a, b) => a.contacttype - b.contacttype || a.contactname.localeCompare(b.contactname))
                .map((contact) => (
                  <Paper key={contact.contactid} component="li" withBorder radius="md" p="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap="xs">
                          <Anchor component={Link} to={`/contact/${contact.contactid}`} fw={500} fz="sm">
                            {contact.contactname}
                          </Anchor>
                          <Badge size="xs" variant="light" color={contactTypeColours[contact.contacttype]}>
                            {siteContactTypes[contact.contacttype]}
                          </Badge>
                        </Group>
                        {contact.title && (
                          <Text fz="xs" c="dimmed">
                            {contact.title}
                          </Text>
                        )}
                        <Group gap="md">
                          {contact.email && (
                            <Anchor
                              href={`mailto:${contact.email}`}
                              fz="xs"
                              style={{ overflowWrap: 'anywhere' }}
                            >
                              {contact.email}
                            </Anchor>
                          )}
                          {contact.mobile && (
                            <Anchor href={telHref(contact.mobile)} fz="xs">
                              {contact.mobile}
                            </Anchor>
                          )}
                          {contact.office && (
                            <Anchor href={telHref(contact.office)} fz="xs">
                              {contact.office}
                            </Anchor>
                          )}
                        </Group>
                      </Stack>
                      {canManage && (
                        <Tooltip label="Remove from site">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${contact.contactname} from this site`}
                            onClick={() => confirmUnassign(contact)}
                            loading={unassign.isPending && unassign.variables === contact.contactid}
                          >
                            <IconUserMinus size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Paper>
                ))}
            </Stack>
          )}
          {canManage && <AssignContactForm site={site} assigned={contacts.data} />}
        </>
      )}
    </Panel>
  );
}
