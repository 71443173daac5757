import type { ChangeReportSummary } from '@lightpath/domain/change-reports';
import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';

type Count = { key: string; label: string; count: number };

function CountList({
  title,
  counts,
  total,
  more,
}: {
  title: string;
  counts: Count[];
  total: number;
  more?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {counts.length === 0 ? (
        <Text fz="sm" c="dimmed">
          None in this period
        </Text>
      ) : (
        <Stack gap={8}>
          {counts.map((c) => (
            <div key={c.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm" truncate>
                  {c.label}
                </Text>
                <Text fz="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {c.count}
                </Text>
              </Group>
              <Progress
                value={total > 0 ? (c.count / total) * 100 : 0}
                size="xs"
                aria-hidden="true"
                color="blue"
              />
            </div>
          ))}
          {more && (
            <Text fz="xs" c="dimmed">
              {more}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

// The report's grouped counts side by side (stacked on a phone): by priority, approver and customer.
export function ChangeReportCounts({ summary }: { summary: ChangeReportSummary }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <CountList
        title="By priority"
        total={summary.total}
        counts={summary.bypriority.map((p) => ({ key: String(p.priority), label: p.label, count: p.count }))}
      />
      <CountList
        title="By approver"
        total={summary.total}
        counts={summary.byapprover.map((a) => ({ key: a.approver, label: a.approver, count: a.count }))}
      />
      <CountList
        title="By customer"
        total={summary.total}
        counts={summary.bycustomer.map((c) => ({
          key: String(c.customerid),
          label: `${c.customername} (${c.customercode})`,
          count: c.count,
        }))}
        more={
          summary.othercustomers > 0
            ? `and ${summary.othercustomers} more ${summary.othercustomers === 1 ? 'customer' : 'customers'}`
            : undefined
        }
      />
    </SimpleGrid>
  );
}
