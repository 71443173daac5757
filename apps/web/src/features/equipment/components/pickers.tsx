import type { Shelf } from '@lightpath/domain/equipment';
import type { SelectProps } from '@mantine/core';
import { useSites } from '../../../lib/queries/list-sites';
import { siteChoiceLabel } from '../../../lib/site-choice-label';
import { useShelves } from '../api/list-shelves';
import { type Choice, SearchSelect } from './search-select';

type PickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
};

function useSiteChoices(q: string) {
  const sites = useSites({ limit: 20, offset: 0, q: q || undefined, status: 1, sort: 'sitenumber' });
  const choices = (sites.data?.results ?? []).map((site) => ({
    value: String(site.siteid),
    label: siteChoiceLabel(site, true),
  }));
  return { choices, searching: sites.isFetching };
}

// The site a shelf stands at: any enabled site (PoPs, exchanges, and customer premises for their NTUs).
export function SitePicker(props: PickerProps) {
  return (
    <SearchSelect
      placeholder="Type a site number or name"
      nothingFound="No matching site"
      useChoices={useSiteChoices}
      {...props}
    />
  );
}

export const shelfChoice = (shelf: Pick<Shelf, 'equipmentid' | 'equipmentname' | 'sitename'>): Choice => ({
  value: String(shelf.equipmentid),
  label: `${shelf.equipmentname} · ${shelf.sitename}`,
});

function useShelfChoices(q: string) {
  const shelves = useShelves({ limit: 20, offset: 0, q: q || undefined, sort: 'equipmentname' });
  return { choices: (shelves.data?.results ?? []).map(shelfChoice), searching: shelves.isFetching };
}

export function ShelfPicker(props: PickerProps) {
  return (
    <SearchSelect
      placeholder="Type a shelf name, IP address or site"
      nothingFound="No matching shelf"
      useChoices={useShelfChoices}
      {...props}
    />
  );
}
