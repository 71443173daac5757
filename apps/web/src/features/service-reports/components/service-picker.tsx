import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useServices } from '../../../lib/queries/list-services';

type Option = { value: string; label: string };

type Props = {
  value: string;
  // The chosen service's name for the box, once the report has told it ('UNG…01B · Library link').
  label?: string | undefined;
  onChange: (serviceid: string | null) => void;
};

// Choosing the report's service: the caller's services (the services list's own scope), searched on the
// server by id or description as the person types, twenty at a time.
export function ServicePicker({ value, label, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const chosen: Option | null = value ? { value, label: label ?? value } : null;
  // While the box shows the chosen service's name, its text is not a search.
  const searching = q !== '' && q !== chosen?.label;
  const found = useServices({ limit: 20, offset: 0, q: searching ? q : undefined, sort: 'serviceid' });
  const options: Option[] = (found.data?.results ?? []).map((s) => ({
    value: s.serviceid,
    label: `${s.serviceid} · ${s.description}`,
  }));
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label="Service"
      placeholder="Search by service id or description"
      searchable
      clearable
      data={options}
      value={value || null}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already: its answer is the list.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No matching service'}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
