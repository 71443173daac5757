import { isSelectableRackSpace, type RackSpace } from '@lightpath/domain/colocation';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useRackSpaces } from '../api/list-rack-spaces';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string;
  onChange: (rackId: string) => void;
  // The A end, when this picks a B end: only rack spaces a cross-connect from it may reach.
  joinsWith?: string | undefined;
  // The end as it is now, which stays on offer even once it has an end date (it is not a new choice).
  current?: { rackspaceid: string; label: string } | undefined;
  exclude?: string | undefined;
  // Only this customer's rack spaces (an edited cross-connect's A end stays with its customer).
  customerId?: number | undefined;
};

const rackLabel = (rack: RackSpace) => `${rack.rackspaceid} · ${rack.sitename} · ${rack.customercode}`;

// Picks a rack space by its rack id, searching on the server (a national network has hundreds). Spec 5:
// the selection leaves out rack spaces with an end date (status=active, and isSelectableRackSpace
// again on what comes back).
export function RackSpacePicker({
  value,
  onChange,
  joinsWith,
  current,
  exclude,
  customerId,
  ...props
}: Props) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 250);
  // Once a rack is chosen the box shows its label; that is not a search.
  const labels = useRef(new Map<string, string>());
  const q = typed && typed !== (labels.current.get(value) ?? current?.label) ? typed : undefined;
  const racks = useRackSpaces({
    limit: 50,
    offset: 0,
    status: 'active',
    q,
    joinswith: joinsWith || undefined,
    customerid: customerId,
    sort: 'rackspaceid',
  });
  const data = useMemo(() => {
    const options = (racks.data?.results ?? [])
      .filter((rack) => isSelectableRackSpace(rack) && rack.rackspaceid !== exclude)
      .map((rack) => ({ value: rack.rackspaceid, label: rackLabel(rack) }));
    for (const option of options) labels.current.set(option.value, option.label);
    if (current && !options.some((o) => o.value === current.rackspaceid))
      options.unshift({ value: current.rackspaceid, label: current.label });
    return options;
  }, [racks.data, current, exclude]);

  return (
    <Select
      searchable
      clearable
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already; the options are what it found.
      filter={({ options }) => options}
      nothingFoundMessage={
        racks.isPending ? 'Loading rack spaces…' : 'No rack space without an end date matches'
      }
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
