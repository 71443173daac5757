import { type AuditEntry, auditAreaLabels, auditAreas, auditLogMessages } from '@lightpath/domain/audit-log';
import { can } from '@lightpath/domain/permissions';
import { Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { RecentLogActions, RecentLogBody } from '../../../components/recent-log';
import { RecentPeriodPicker } from '../../../components/recent-period-picker';
import { type AuditLogFilters, useAuditLog } from '../../../features/audit-log/api/list-audit-log';
import { AuditEntryModal } from '../../../features/audit-log/components/audit-entry-modal';
import { AuditLogTable } from '../../../features/audit-log/components/audit-log-table';
import { useSession } from '../../../lib/session';
import { displayTimeZone } from '../../../lib/time-zone';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { type RecentPeriodRules, useRecentPeriod, withinPeriod } from '../../../lib/use-recent-period';

const pageSize = 50;
const title = 'Audit Log';
const crumbs = [{ label: 'Administration' }, { label: title }];
const loadNoun = auditLogMessages.loadFailed.replace('An error occurred retrieving ', '');
const day = 86_400;
const periodRules: RecentPeriodRules = {
  presets: [
    { value: '24h', label: 'Last 24 hours', seconds: day },
    { value: '7d', label: 'Last 7 days', seconds: 7 * day },
    { value: '30d', label: 'Last 30 days', seconds: 30 * day },
    { value: '365d', label: 'Last 12 months', seconds: 365 * day },
  ],
  defaultPreset: '30d',
  reversedMessage: auditLogMessages.periodReversed,
};
const areaChoices = auditAreas
  .map((area) => ({ value: area, label: auditAreaLabels[area] }))
  .sort((a, b) => a.label.localeCompare(b.label));

// Issue 19 item 6: who did what and when (impersonation, deletions, device operations, mutes), for the NOC.
export function AuditLogPage() {
  usePageTitle(title);
  const { actor } = useSession();
  const allowed = can(actor, 'audit.view');
  const list = useListParams();
  const period = useRecentPeriod(periodRules);
  const { resolved } = period;
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const [user] = useDebouncedValue(list.get('user').trim(), 300);
  const action = list.get('action');
  const sort = list.get('sort') || '-time';
  const [opened, setOpened] = useState<AuditEntry | null>(null);

  const filters: AuditLogFilters | null = withinPeriod(resolved, {
    q: q || undefined,
    user: user || undefined,
    action: action || undefined,
    sort: sort === '-time' ? undefined : sort,
  });
  const entries = useAuditLog(
    { ...(filters ?? { from: 0, to: 0 }), limit: pageSize, offset: (list.page - 1) * pageSize },
    allowed && filters !== null,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="the audit log" />
      </>
    );
  }

  const filtered = Boolean(action || list.get('q') || list.get('user'));
  const clearFilters = () => list.set({ action: null, q: null, user: null });

  return (
    <>
      <PageHeader
        title={title}
        description={`Every change made in the portal: who made it (and whom they acted as), what it changed, when and from which address. Times in ${displayTimeZone()}.`}
        crumbs={crumbs}
        actions={
          <RecentLogActions
            period={period}
            list={entries}
            csv={{ path: 'export/auditlog', query: filters, filename: 'audit-log.csv' }}
          />
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-start">
          <RecentPeriodPicker period={period} />
          <Select
            label="Action"
            placeholder="Any action"
            clearable
            searchable
            data={areaChoices}
            value={action || null}
            onChange={(value) => list.set({ action: value })}
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            label="User"
            placeholder="Part of an e-mail"
            type="search"
            value={list.get('user')}
            onChange={(event) => list.set({ user: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 180px' }}
          />
          <TextInput
            label="Search"
            placeholder="Action, record, address or what changed"
            type="search"
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '2 1 240px' }}
          />
        </Group>
        <RecentLogBody
          period={resolved}
          list={entries}
          params={list}
          pageSize={pageSize}
          noun="entries"
          what={loadNoun}
          empty={{
            title: 'Nothing was changed in this period',
            description: 'Every change made in the portal appears here as soon as it is saved.',
          }}
          noMatch={filtered && { onClear: clearFilters }}
        >
          {(page) => (
            <AuditLogTable
              entries={page.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next === '-time' ? null : next })}
              onOpen={setOpened}
            />
          )}
        </RecentLogBody>
      </Paper>
      <AuditEntryModal entry={opened} onClose={() => setOpened(null)} />
    </>
  );
}
