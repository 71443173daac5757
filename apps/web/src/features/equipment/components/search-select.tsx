import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export type Choice = { value: string; label: string };

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  // The server's answer for what the user typed (debounced); '' asks for the first page.
  useChoices: (q: string) => { choices: Choice[]; searching: boolean };
  nothingFound: string;
};

// A picker over a list the server searches (thousands of sites or shelves): the picker shows only
// what the server answers for the text typed, plus the current choice.
export function SearchSelect({ value, onChange, useChoices, nothingFound, ...props }: Props) {
  const [search, setSearch] = useState(value?.label ?? '');
  // Once a choice is made the box shows its label; that is not a new search.
  const term = value && search === value.label ? '' : search.trim();
  const [q] = useDebouncedValue(term, 250);
  const { choices, searching } = useChoices(q);
  const byValue = new Map(choices.map((c) => [c.value, c]));
  if (value) byValue.set(value.value, value);

  return (
    <Select
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered; filtering again on the label would hide its matches.
      filter={({ options }) => options}
      nothingFoundMessage={searching ? 'Searching…' : nothingFound}
      data={[...byValue.values()]}
      value={value?.value ?? null}
      onChange={(next) => onChange(next ? (byValue.get(next) ?? null) : null)}
      maxDropdownHeight={320}
      {...props}
    />
  );
}
