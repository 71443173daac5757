import type { ServiceSummary } from '@lightpath/domain/services';
import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ServiceTypeBadge } from '../../../components/service-badges';
import { useServices } from '../../../lib/queries/list-services';

type Props = {
  label: string;
  value: ServiceSummary | null;
  onChange: (service: ServiceSummary | null) => void;
  // e.g. status 1 to offer only active services.
  status?: number;
  description?: string;
  placeholder?: string;
  error?: string;
  required?: boolean;
  autoFocus?: boolean;
};

const optionLabel = (service: ServiceSummary) => `${service.serviceid} · ${service.description}`;

// A searchable picker over GET /services?q=: the server searches (there may be tens of thousands), the
// picker only shows what it answers.
export function ServicePicker({
  label,
  value,
  onChange,
  status,
  description,
  placeholder,
  error,
  required,
  autoFocus,
}: Props) {
  const [search, setSearch] = useState('');
  // Once a service is chosen the box shows its label; that is not a new search.
  const term = value && search === optionLabel(value) ? '' : search.trim();
  const [q] = useDebouncedValue(term, 250);
  const services = useServices({ limit: 20, offset: 0, q: q || undefined, status, sort: 'serviceid' });

  const results = services.data?.results ?? [];
  const byId = new Map(results.map((s) => [s.serviceid, s]));
  if (value) byId.set(value.serviceid, value);
  const data = [...byId.values()].map((s) => ({ value: s.serviceid, label: optionLabel(s) }));

  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder ?? 'Type a service id, description or site'}
      required={required}
      error={error}
      data-autofocus={autoFocus || undefined}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered; filtering again on the label would hide matches by site.
      filter={({ options }) => options}
      nothingFoundMessage={services.isFetching ? 'Searching…' : 'No matching service'}
      data={data}
      value={value?.serviceid ?? null}
      onChange={(serviceid) => onChange(serviceid ? (byId.get(serviceid) ?? null) : null)}
      renderOption={({ option }) => {
        const service = byId.get(option.value);
        return (
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <ServiceTypeBadge serviceid={option.value} size="xs" />
            <Text fz="sm" ff="monospace" style={{ flexShrink: 0 }}>
              {option.value}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {service ? `${service.customercode} · ${service.description}` : ''}
            </Text>
          </Group>
        );
      }}
      maxDropdownHeight={320}
    />
  );
}
