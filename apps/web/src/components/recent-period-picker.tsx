import { Select, TextInput } from '@mantine/core';
import { displayZoneAbbreviation } from '../lib/time-zone';
import { customPeriod, type RecentPeriodState } from '../lib/use-recent-period';

// A log's period (lib/use-recent-period): a preset, or days typed in the reader's zone, which labels them.
export function RecentPeriodPicker({ period }: { period: RecentPeriodState }) {
  const { resolved, rules, days } = period;
  const problem = 'problem' in resolved ? resolved.problem : undefined;
  return (
    <>
      <Select
        label="Period"
        data={[
          ...rules.presets.map((p) => ({ value: p.value, label: p.label })),
          { value: customPeriod, label: 'Days…' },
        ]}
        value={period.choice}
        allowDeselect={false}
        onChange={period.choose}
        w={{ base: '100%', xs: 170 }}
      />
      {period.choice === customPeriod && (
        <>
          <TextInput
            label={`From (${displayZoneAbbreviation()})`}
            type="date"
            value={days.from}
            max={days.to}
            onChange={(event) => period.setDay('from', event.currentTarget.value)}
            error={problem === rules.reversedMessage}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            label={`To (${displayZoneAbbreviation()})`}
            type="date"
            value={days.to}
            min={days.from}
            onChange={(event) => period.setDay('to', event.currentTarget.value)}
            error={problem}
            w={{ base: '100%', xs: 170 }}
          />
        </>
      )}
    </>
  );
}
