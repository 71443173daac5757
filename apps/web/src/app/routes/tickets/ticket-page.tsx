import { can } from '@lightpath/domain/permissions';
import {
  formatTicketTime,
  type TicketDetail,
  type TicketKind,
  ticketMessages,
  ticketStatusesFor,
  ticketThread,
} from '@lightpath/domain/tickets';
import { isProviderType } from '@lightpath/domain/user-types';
import { Anchor, Badge, Grid, Group, List, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailPageGate, MainAndSideSkeleton } from '../../../components/detail-page-gate';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { SiteCheckinButton } from '../../../features/checkins/components/site-checkin-button';
import { Fact, FactList } from '../../../features/services/components/fact-list';
import { downloadAttachment } from '../../../features/tickets/api/download-attachment';
import { useTicket } from '../../../features/tickets/api/get-ticket';
import { TicketStatusBadge, ticketTypeLabel } from '../../../features/tickets/components/ticket-badges';
import { TicketCommentsPanel, TicketHtml } from '../../../features/tickets/components/ticket-comments-panel';
import { TicketStatusSelect } from '../../../features/tickets/components/ticket-status-select';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { displayTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';

const kindLabels: Record<TicketKind, string> = {
  support: 'Support ticket',
  access: 'Site access request',
  job: 'Job ticket',
};

function ticketTime(seconds: number | null): string {
  return seconds ? formatTicketTime(seconds, displayTimeZone()) : '—';
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function ServicesPanel({ services }: { services: string[] }) {
  return (
    <Panel title="Services" count={services.length}>
      {services.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No services named.
        </Text>
      ) : (
        <Group gap="xs">
          {services.map((serviceid) => (
            <Anchor
              key={serviceid}
              component={Link}
              to={`/service/${encodeURIComponent(serviceid)}`}
              ff="monospace"
              fz="sm"
            >
              {serviceid}
            </Anchor>
          ))}
        </Group>
      )}
    </Panel>
  );
}

function AttachmentsPanel({ ticketid, attachments }: Pick<TicketDetail, 'ticketid' | 'attachments'>) {
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (attachment: TicketDetail['attachments'][number]) => {
    setDownloading(attachment.attachmentid);
    try {
      await downloadAttachment(ticketid, attachment.attachmentid, attachment.filename);
    } catch (error) {
      if (needsToast(error)) notify.warning(errorMessage(error, ticketMessages.downloadFailed));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Panel title="Attachments" count={attachments.length}>
      {attachments.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No attachments.
        </Text>
      ) : (
        <List spacing={6} fz="sm" icon={<IconPaperclip size={14} aria-hidden="true" />} center>
          {attachments.map((attachment) => (
            <List.Item key={attachment.attachmentid}>
              <Anchor
                component="button"
                type="button"
                fz="sm"
                style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                onClick={() => void download(attachment)}
                disabled={downloading === attachment.attachmentid}
                aria-label={`Download ${attachment.filename}`}
              >
                {attachment.filename}
              </Anchor>{' '}
              {downloading === attachment.attachmentid && (
                <Loader size={12} ml={4} aria-label="Downloading" />
              )}
              <Text span fz="xs" c="dimmed">
                ({fileSize(attachment.size)})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Panel>
  );
}

export function TicketPage() {
  const { ticketid: raw } = useParams();
  const ticketid = Number(raw);
  const valid = Number.isInteger(ticketid) && ticketid > 0;
  const { actor } = useSession();
  // Technicians have no ticket list, but open the job tickets assigned to them from their home page.
  const technician = actor.type === 2;
  const allowed = can(actor, 'tickets.view') || can(actor, 'jobtickets.manage');
  const staff = isProviderType(actor.type);
  const query = useTicket(ticketid, allowed);
  const title = `Ticket #${valid ? ticketid : (raw ?? '')}`;
  usePageTitle(title);

  const crumbs: Crumb[] = [
    technician ? { label: 'Job Tickets', to: '/' } : { label: 'Tickets', to: '/tickets' },
    { label: title },
  ];
  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title={title}
        crumbs={crumbs}
        noAccessTitle="Ticket"
        noAccessWhat="tickets"
        recordWhat="ticket"
        notFoundMessage={ticketMessages.notFound}
        loadingHeader={{ title, description: <Skeleton h={18} w={320} />, crumbs }}
        skeleton={<MainAndSideSkeleton />}
      />
    );
  }

  const ticket = query.data;
  const statuses = ticketStatusesFor(actor, ticket);
  const thread = ticketThread(ticket);
  // The job's own technician checks in at its site from here (decisions.md).
  const checkIn =
    ticket.kind === 'job' &&
    ticket.siteid !== null &&
    ticket.assigneeuserid === actor.userId &&
    can(actor, 'checkins.manage');
  return (
    <>
      <PageHeader
        title={title}
        description={
          <Text span fz="sm" c="var(--mantine-color-text)" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Text>
        }
        crumbs={crumbs}
        actions={
          (statuses.length > 0 || checkIn) && (
            <Group gap="sm">
              {/* A technician goes from the job to checking in at its site. */}
              {checkIn && ticket.siteid !== null && (
                <SiteCheckinButton siteid={ticket.siteid} sitename={ticket.sitename ?? ''} />
              )}
              {statuses.length > 0 && (
                <TicketStatusSelect ticketid={ticket.ticketid} status={ticket.status} allowed={statuses} />
              )}
            </Group>
          )
        }
      />
      <Group gap="xs" mb="md" wrap="wrap">
        <TicketStatusBadge status={ticket.status} size="md" />
        <Badge size="md" variant="outline" color="gray" style={{ textTransform: 'none' }}>
          {ticketTypeLabel(ticket.tickettype)}
        </Badge>
        <Badge size="md" variant="light" color="gray" style={{ textTransform: 'none' }}>
          {kindLabels[ticket.kind] ?? ticket.kind}
        </Badge>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Panel title="Description">
              {thread.opening ? (
                <TicketHtml html={thread.opening.htmlbody} />
              ) : (
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {ticket.description || '—'}
                </Text>
              )}
            </Panel>
            <TicketCommentsPanel ticketid={ticket.ticketid} comments={thread.replies} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Panel title="Details">
              <FactList>
                <Fact label="Status">
                  <TicketStatusBadge status={ticket.status} />
                </Fact>
                <Fact label="Type">{ticketTypeLabel(ticket.tickettype)}</Fact>
                {staff && <Fact label="Customer">{ticket.customercode}</Fact>}
                <Fact label="Requester">{ticket.requester || '—'}</Fact>
                <Fact label="CCs">{ticket.ccs.length > 0 ? ticket.ccs.join(', ') : '—'}</Fact>
                {ticket.siteid !== null && (
                  <Fact label="Site">
                    <Anchor component={Link} to={`/site/${ticket.siteid}`} fz="sm">
                      {ticket.sitename ?? `Site ${ticket.siteid}`}
                    </Anchor>
                  </Fact>
                )}
                {ticket.eventid !== null && (
                  <Fact label="Event">
                    {/* The notice that opened (or last updated) this ticket was about this event. */}
                    <Anchor component={Link} to={`/event/${ticket.eventid}`} fz="sm">
                      Event #{ticket.eventid}
                    </Anchor>
                  </Fact>
                )}
                {ticket.assigneename && <Fact label="Technician">{ticket.assigneename}</Fact>}
                <Fact label={ticket.kind === 'job' ? 'Scheduled' : 'Start'}>
                  {ticketTime(ticket.starttime)}
                </Fact>
                {ticket.kind !== 'job' && <Fact label="End">{ticketTime(ticket.endtime)}</Fact>}
                <Fact label="Created">{ticketTime(ticket.created_at)}</Fact>
                <Fact label="Updated">{ticketTime(ticket.updated_at)}</Fact>
              </FactList>
            </Panel>
            <ServicesPanel services={ticket.services} />
            <AttachmentsPanel ticketid={ticket.ticketid} attachments={ticket.attachments} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
