import { can } from '@lightpath/domain/permissions';
import { ticketMessages } from '@lightpath/domain/tickets';
import { fullName } from '@lightpath/domain/users';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCreateJobTicket } from '../../../features/tickets/api/create-job-ticket';
import { useTechnicians } from '../../../features/tickets/api/list-technicians';
import {
  blankJobTicketValues,
  type JobTicketFormValues,
  toJobTicketBody,
  validateJobTicket,
} from '../../../features/tickets/job-ticket-form-values';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { notify } from '../../../lib/notify';
import { useSiteOptions } from '../../../lib/queries/list-site-options';
import { useSession } from '../../../lib/session';
import { siteChoiceLabel } from '../../../lib/site-choice-label';
import { labelWithZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { reportFormError } from '../../../lib/zod-form';

const crumbs = [{ label: 'Job Tickets', to: '/' }, { label: 'Technician Job Creator' }];
const physicalSite = 1;

// Spec 2.2: a job ticket sends a field technician to a site. The NOC picks the technician; a
// technician raises jobs only for themself (the server holds to that too).
export function TechnicianJobCreatorPage() {
  usePageTitle('Technician Job Creator');
  const { actor, user } = useSession();
  const navigate = useNavigate();
  const allowed = can(actor, 'jobtickets.manage');
  const technician = actor.type === 2;
  const sites = useSiteOptions({ sitetype: physicalSite }, allowed);
  const technicians = useTechnicians(allowed && !technician);
  const createJob = useCreateJobTicket();
  // One key for this visit: a second click, or a retry after a lost reply, is the same job.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<JobTicketFormValues>({
    initialValues: blankJobTicketValues(technician ? user.userid : null),
    validate: validateJobTicket,
  });

  if (!allowed) {
    return (
      <>
        <PageHeader title="Technician Job Creator" crumbs={crumbs} />
        <NoAccess what="technician job tickets" />
      </>
    );
  }

  // Jobs go to places a technician can stand in, and only to sites in use (spec 5).
  const siteOptions = (sites.data ?? [])
    .filter((site) => site.status === 1)
    .map((site) => ({ value: String(site.siteid), label: siteChoiceLabel(site, true) }));
  const technicianOptions = technician
    ? [{ value: String(user.userid), label: fullName(user) }]
    : (technicians.data ?? []).map((t) => ({
        value: String(t.userid),
        label: `${fullName(t)} (${t.email})`,
      }));

  const submit = form.onSubmit((values) =>
    createJob.mutate(
      { body: toJobTicketBody(values), idempotencyKey },
      {
        onSuccess: ({ ticketid, message }) => {
          notify.success(message ?? ticketMessages.created(ticketid));
          navigate('/');
        },
        // The schedule is sent as one time but entered as a date and a time.
        onError: (error) =>
          reportFormError(form, error, ticketMessages.createFailed, { scheduledtime: 'scheduleddate' }),
      },
    ),
  );

  return (
    <>
      <PageHeader
        title="Technician Job Creator"
        description="Send a field technician to a site: the job lands on their Job Tickets page."
        crumbs={crumbs}
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs" maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Site"
                required
                searchable
                autoFocus
                placeholder={sites.isPending ? 'Loading sites…' : 'Choose a site'}
                nothingFoundMessage="No sites found"
                data={siteOptions}
                {...form.getInputProps('siteid')}
                value={form.values.siteid || null}
                onChange={(value) => form.setFieldValue('siteid', value ?? '')}
              />
              <Select
                label="Technician"
                required
                searchable={!technician}
                readOnly={technician}
                description={technician ? 'Technicians create jobs for themselves' : undefined}
                placeholder={
                  technicians.isPending && !technician ? 'Loading technicians…' : 'Choose a technician'
                }
                nothingFoundMessage="No technicians found"
                data={technicianOptions}
                {...form.getInputProps('technicianid')}
                value={form.values.technicianid || null}
                onChange={(value) => form.setFieldValue('technicianid', value ?? '')}
              />
            </SimpleGrid>
            <TextInput label="Subject" required {...form.getInputProps('subject')} />
            <Textarea
              label="Description"
              required
              autosize
              minRows={4}
              maxRows={12}
              placeholder="What is to be done, access details, who to call on site"
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={2} maw={380}>
              <TextInput label="Scheduled date" type="date" {...form.getInputProps('scheduleddate')} />
              <TextInput
                label={labelWithZone('Scheduled time')}
                type="time"
                {...form.getInputProps('scheduledclock')}
                error={Boolean(form.errors.scheduleddate) || undefined}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/')} disabled={createJob.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={createJob.isPending} leftSection={<IconSend size={16} />}>
                Create job
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
