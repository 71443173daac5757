import type { ServiceSummary } from '@lightpath/domain/services';
import { Button, Group, TagsInput, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { notify } from '../../../../lib/notify';
import { useServices } from '../../../../lib/queries/list-services';
import { looksLikeServiceId, mergeServiceIds, parseServiceIds } from '../../event-form-values';

type Props = {
  value: string[];
  onChange: (serviceids: string[]) => void;
  error?: ReactNode;
  enabled: boolean;
};

const searchLimit = 50;

function countLabel(count: number): string {
  return count === 0 ? 'No services chosen yet' : `${count} service${count === 1 ? '' : 's'} chosen`;
}

// The affected services: a search over GET /services?q= (the server searches tens of thousands; this
// only shows what it answers), and a paste box for the lists NOC staff copy from tickets and
// spreadsheets, separated by spaces, commas, semicolons or new lines.
export function EventServicesInput({ value, onChange, error, enabled }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const services = useServices(
    { limit: searchLimit, offset: 0, q: q || undefined, sort: 'serviceid' },
    enabled && q !== '',
  );
  const results: ServiceSummary[] = q && services.data ? services.data.results : [];
  const byId = new Map(results.map((service) => [service.serviceid, service]));

  // TagsInput hands over the whole new list. What it added may be a pasted block (it only splits on
  // commas itself) or a typed word; search words are refused rather than kept as bogus ids.
  const accept = (next: string[]) => {
    const tokens = next.flatMap(parseServiceIds);
    const refused = tokens.filter((id) => !value.includes(id) && !byId.has(id) && !looksLikeServiceId(id));
    if (refused.length > 0)
      notify.warning(
        `${refused.join(', ')} ${refused.length === 1 ? 'is not a service id' : 'are not service ids'}`,
        'event-services-refused',
      );
    onChange(
      mergeServiceIds(
        [],
        tokens.filter((id) => !refused.includes(id)),
      ),
    );
  };

  return (
    <div>
      <TagsInput
        label="Services"
        required
        withAsterisk
        description="Search by id, description or site, or paste a list of service ids"
        placeholder={value.length === 0 ? 'Type to search, or paste ids' : undefined}
        value={value}
        onChange={accept}
        searchValue={search}
        onSearchChange={setSearch}
        splitChars={[',', ';']}
        acceptValueOnBlur={false}
        selectFirstOptionOnChange
        clearable
        error={error}
        data={results.map((service) => ({ value: service.serviceid, label: service.serviceid }))}
        // The server has already filtered; filtering again on the id would hide matches by site.
        filter={({ options }) => options}
        limit={searchLimit}
        maxDropdownHeight={320}
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
        styles={{ pillsList: { maxHeight: 150, overflowY: 'auto' } }}
      />
      <Group justify="space-between" mt={4} gap="xs">
        <Text fz="xs" c="dimmed" aria-live="polite" data-testid="services-count">
          {countLabel(value.length)}
          {q && services.isFetching ? ' · searching…' : ''}
        </Text>
        {value.length > 1 && (
          <Button variant="subtle" size="compact-xs" onClick={() => onChange([])}>
            Clear all
          </Button>
        )}
      </Group>
    </div>
  );
}
