import {
  searchableKinds,
  searchKinds,
  searchPrompt,
  searchPromptLength,
  searchResultRoute,
  searchResultsRoute,
} from '@lightpath/domain/search';
import { Anchor, Button, Chip, EmptyState, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconZoomQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ListPanel } from '../../../components/list-panel';
import { PageHeader } from '../../../components/page-header';
import { useSearch } from '../../../features/search/api/search';
import { SearchKindBadge } from '../../../features/search/components/search-kind-badge';
import { kindsFromParam } from '../../../features/search/search-params';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;

function RefineSearch({ term }: { term: string }) {
  const navigate = useNavigate();
  const list = useListParams();
  const [text, setText] = useState(term);
  // A new term from the header lands on this same page: the box follows it.
  const [shown, setShown] = useState(term);
  if (shown !== term) {
    setShown(term);
    setText(term);
  }
  const submit = () => {
    const next = text.trim();
    if (!next || next === term) return;
    const kinds = list.get('kinds');
    navigate(`${searchResultsRoute(next)}${kinds ? `?kinds=${encodeURIComponent(kinds)}` : ''}`);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      style={{ flex: '1 1 260px' }}
    >
      <TextInput
        aria-label="Search for"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        type="search"
        rightSectionWidth={90}
        rightSection={
          <Button type="submit" size="compact-sm" variant="light">
            Search
          </Button>
        }
      />
    </form>
  );
}

export function SearchResultsPage() {
  const { searchParameter = '' } = useParams();
  const term = searchParameter.trim();
  const { actor } = useSession();
  const list = useListParams();
  const allowedKinds = searchableKinds(actor);
  const kinds = kindsFromParam(list.get('kinds'), allowedKinds);
  const searchable = term.length >= searchPromptLength;
  const title = term ? `Search: ${term}` : 'Search';
  usePageTitle(title);

  const results = useSearch(
    {
      q: term,
      kinds: kinds.length > 0 ? kinds : undefined,
      limit: pageSize,
      offset: (list.page - 1) * pageSize,
    },
    searchable,
  );

  return (
    <>
      <PageHeader
        title={title}
        description="Services, sites, circuits, contacts, users and events that match."
        crumbs={[{ label: 'Search results' }]}
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="md">
          <Group gap="sm" align="flex-start">
            <RefineSearch term={term} />
          </Group>
          <Chip.Group
            multiple
            value={kinds}
            onChange={(value) => list.set({ kinds: value.length > 0 ? value.join(',') : null })}
          >
            <Group gap={6} role="group" aria-label="Only show these kinds">
              {allowedKinds.map((kind) => (
                <Chip key={kind} value={kind} size="xs" variant="outline">
                  {searchKinds[kind]}
                </Chip>
              ))}
              {kinds.length > 0 && (
                <Button size="compact-xs" variant="subtle" onClick={() => list.set({ kinds: null })}>
                  All kinds
                </Button>
              )}
            </Group>
          </Chip.Group>
          {!searchable ? (
            <EmptyState
              py="xl"
              icon={<IconSearch size={28} />}
              withIndicatorBackground
              title={searchPrompt}
              description="Type at least two characters: a service id, a site number or name, a person."
            />
          ) : (
            <ListPanel
              list={results}
              params={list}
              pageSize={pageSize}
              noun="results"
              what="search results"
              skeletonRows={5}
              empty={{
                icon: <IconZoomQuestion size={28} />,
                title: `No results for “${term}”`,
                description: 'Check the spelling, or search for part of a name or number.',
              }}
              noMatch={
                kinds.length > 0 && {
                  title: `No results for “${term}”`,
                  description: 'Nothing of these kinds matches. Try all kinds, or another spelling.',
                  clearLabel: 'Search all kinds',
                  onClear: () => list.set({ kinds: null }),
                }
              }
            >
              {(page) => (
                <Stack
                  gap={0}
                  component="ul"
                  style={{
                    listStyle: 'none',
                    margin: 0,
                    padding: 0,
                  }}
                  aria-label="Search results"
                >
                  {page.results.map((result) => (
                    <Group
                      key={`${result.kind}:${result.id}`}
                      component="li"
                      gap="sm"
                      wrap="nowrap"
                      py="sm"
                      align="flex-start"
                      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                    >
                      <SearchKindBadge kind={result.kind} size="sm" />
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={searchResultRoute(result)} fw={500} fz="sm">
                          {result.label}
                        </Anchor>
                        {result.detail && (
                          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {result.detail}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  ))}
                </Stack>
              )}
            </ListPanel>
          )}
        </Stack>
      </Paper>
    </>
  );
}
