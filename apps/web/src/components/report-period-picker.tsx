import { reportPeriodMessages } from '@lightpath/domain/report-period';
import { zoneAbbreviation } from '@lightpath/domain/time';
import { Group, Select, TextInput } from '@mantine/core';
import { customReportPeriod, type ReportPeriodState } from '../lib/use-report-period';

// The period of a report: a preset (Last quarter, Last 12 months, …) or days chosen one by one. The
// days are the portal's, so the inputs are labelled with its zone, not the reader's.
export function ReportPeriodPicker({ period }: { period: ReportPeriodState }) {
  const zone = zoneAbbreviation(Math.floor(Date.now() / 1000), period.zone);
  const custom = period.preset === customReportPeriod;
  const reversed = period.problem === reportPeriodMessages.reversed;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Period"
        data={[
          ...period.presets.map((p) => ({ value: p.value, label: p.label })),
          { value: customReportPeriod, label: 'Custom days…' },
        ]}
        value={period.preset}
        allowDeselect={false}
        onChange={(value) => value && period.choosePreset(value)}
        w={{ base: '100%', xs: 180 }}
      />
      {custom && (
        <>
          <TextInput
            label={`From (${zone})`}
            type="date"
            value={period.from}
            max={period.to}
            onChange={(event) => period.setDays({ from: event.currentTarget.value })}
            error={period.problem === reportPeriodMessages.fromInvalid ? period.problem : reversed}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            label={`To (${zone})`}
            type="date"
            value={period.to}
            min={period.from}
            onChange={(event) => period.setDays({ to: event.currentTarget.value })}
            error={
              period.problem && period.problem !== reportPeriodMessages.fromInvalid
                ? period.problem
                : undefined
            }
            w={{ base: '100%', xs: 170 }}
          />
        </>
      )}
    </Group>
  );
}
