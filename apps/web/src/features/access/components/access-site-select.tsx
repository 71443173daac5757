import { accessTypeLabel } from '@lightpath/domain/access';
import { type Site, siteMessages, siteNeedsAddress } from '@lightpath/domain/sites';
import { isProviderType } from '@lightpath/domain/user-types';
import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useSites } from '../../../lib/queries/list-sites';
import { useSession } from '../../../lib/session';
import { siteChoiceLabel } from '../../../lib/site-choice-label';

type Props = {
  value: Site | null;
  onChange: (site: Site | null) => void;
  error?: string | undefined;
  // Searching only while the wizard shows its first step.
  enabled: boolean;
};

// A searchable picker over GET /sites?q= (a national network has thousands of sites): only enabled
// sites (spec 5) a technician can stand in (physical and interconnect); the server searches, the
// picker shows what it answers. The chosen site stays among the choices while the user searches on.
export function AccessSiteSelect({ value, onChange, error, enabled }: Props) {
  const { actor } = useSession();
  const withCustomer = isProviderType(actor.type);
  const [search, setSearch] = useState('');
  // Once a site is chosen the box shows its label; that is not a new search.
  const term = value && search === siteChoiceLabel(value, withCustomer) ? '' : search.trim();
  const [q] = useDebouncedValue(term, 250);
  const sites = useSites({ limit: 50, offset: 0, q: q || undefined, status: 1, sort: 'sitenumber' }, enabled);

  const found = (sites.data?.results ?? []).filter((s) => s.status === 1 && siteNeedsAddress(s.sitetype));
  const byId = new Map(found.map((s) => [s.siteid, s]));
  if (value) byId.set(value.siteid, value);
  const data = [...byId.values()].map((s) => ({
    value: String(s.siteid),
    label: siteChoiceLabel(s, withCustomer),
  }));

  return (
    <Select
      label="Site"
      required
      searchable
      data-autofocus
      leftSection={<IconMapPin size={16} aria-hidden="true" />}
      placeholder="Search by site number or name"
      nothingFoundMessage={sites.isFetching ? 'Searching…' : 'No matching site'}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already searched; filtering again on the label would hide its matches.
      filter={({ options }) => options}
      maxDropdownHeight={320}
      value={value ? String(value.siteid) : null}
      onChange={(siteid) => onChange(siteid ? (byId.get(Number(siteid)) ?? null) : null)}
      renderOption={({ option }) => {
        const site = byId.get(Number(option.value));
        return (
          <Group gap={6} wrap="nowrap" justify="space-between" style={{ minWidth: 0, flex: 1 }}>
            <Text fz="sm" truncate>
              {option.label}
            </Text>
            {site && (
              <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {accessTypeLabel(site.accesstype)}
              </Text>
            )}
          </Group>
        );
      }}
      error={error ?? (sites.isError ? siteMessages.loadFailed : undefined)}
    />
  );
}
