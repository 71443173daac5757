import type { ServiceSummary } from '@lightpath/domain/services';
import { Group, MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useServices } from '../../../../lib/queries/list-services';

type Props = {
  value: string[];
  onChange: (serviceids: string[]) => void;
  required: boolean;
  error?: ReactNode;
  enabled: boolean;
};

const searchLimit = 50;

// The affected services: a search over GET /services?q= (scoped by the server to what the user may
// see). Without a search it offers the first page, which for most customers is all of them.
export function TicketServicesInput({ value, onChange, required, error, enabled }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const services = useServices(
    { limit: searchLimit, offset: 0, q: q || undefined, sort: 'serviceid' },
    enabled,
  );
  const results: ServiceSummary[] = services.data?.results ?? [];
  const byId = new Map(results.map((service) => [service.serviceid, service]));
  // Chosen services stay among the options, or the select could not show them as chosen.
  const ids = [...new Set([...value, ...results.map((service) => service.serviceid)])];

  return (
    <MultiSelect
      label="Affected services"
      required={required}
      description="Search by service id, description or site"
      placeholder={value.length === 0 ? 'Type to search' : undefined}
      value={value}
      onChange={onChange}
      searchable
      // The wizard focuses this field on arrival; opening the list on focus would cover the step's
      // Next button before the user asked for it (issue 12). Typing or a click opens it.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      hidePickedOptions
      error={error}
      data={ids.map((id) => ({ value: id, label: id }))}
      // The server has already filtered; filtering again on the id would hide matches by site.
      filter={({ options }) => options}
      limit={searchLimit}
      maxDropdownHeight={320}
      nothingFoundMessage={services.isFetching ? 'Searching…' : 'No services found'}
      renderOption={({ option }) => {
        const service = byId.get(option.value);
        return (
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fz="sm" ff="monospace" style={{ flexShrink: 0 }}>
              {option.value}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {service ? `${service.customercode} · ${service.description}` : ''}
            </Text>
          </Group>
        );
      }}
    />
  );
}
