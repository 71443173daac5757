import { type FaqArticle, faqLabels } from '@lightpath/domain/faq';
import { can } from '@lightpath/domain/permissions';
import {
  Box,
  Button,
  Chip,
  EmptyState,
  Group,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBook, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useFaqs, useFaqTags } from '../../../features/faq/api/list-faqs';
import { FaqArticleModal } from '../../../features/faq/components/faq-article-modal';
import { FaqBusyOverlay } from '../../../features/faq/components/faq-busy-overlay';
import { FaqCard } from '../../../features/faq/components/faq-card';
import { useConfirmDeleteFaq } from '../../../features/faq/components/use-confirm-delete-faq';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 24;
const title = 'FAQ & Knowledge Base';
const crumbs = [{ label: 'Support' }, { label: title }];

// Editing: null when closed, 'new' for a new article, else the article being edited.
type Editing = null | 'new' | FaqArticle;

export function FaqPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'faq.view');
  const manage = can(actor, 'faq.manage');
  const navigate = useNavigate();
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const tag = list.get('tag');
  const sort = list.get('sort');
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, deleting } = useConfirmDeleteFaq();
  usePageTitle(tag ? `${title} · ${tag}` : title);

  const faqs = useFaqs(
    {
      limit: pageSize,
      offset: (list.page - 1) * pageSize,
      q: q || undefined,
      tag: tag || undefined,
      sort: sort || undefined,
    },
    allowed,
  );
  const tags = useFaqTags(allowed);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="the knowledge base" />
      </>
    );
  }

  const filtered = Boolean(list.get('q') || tag);
  const refreshing = faqs.isFetching && faqs.isPlaceholderData;

  return (
    <>
      <PageHeader
        title={title}
        description="Answers to common questions about your services, events, tickets and sites."
        crumbs={crumbs}
        actions={
          manage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              New article
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" mb="md">
        <Group gap="sm" align="flex-end" mb={tags.data && tags.data.length > 0 ? 'sm' : 0}>
          <TextInput
            aria-label="Search articles"
            placeholder="Search titles and text"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Select
            aria-label="Sort articles"
            data={[
              { value: 'title', label: 'By title' },
              { value: '-updated', label: 'Recently updated' },
            ]}
            value={sort || 'title'}
            onChange={(value) => list.set({ sort: value === 'title' ? null : value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 190 }}
          />
        </Group>
        {tags.data && tags.data.length > 0 && (
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars>
            <Group gap={6} wrap="nowrap" role="group" aria-label="Filter by tag">
              {tags.data.map(({ tag: name, count }) => (
                <Chip
                  key={name}
                  size="xs"
                  variant="light"
                  color="indigo"
                  checked={name === tag}
                  onChange={(checked) => list.set({ tag: checked ? name : null })}
                >
                  {name} ({count})
                </Chip>
              ))}
            </Group>
          </ScrollArea>
        )}
      </Paper>
      <Box pos="relative" mih={200}>
        <FaqBusyOverlay visible={faqs.isPending || refreshing} label={faqLabels.loading} />
        <FaqBusyOverlay visible={deleting} label={faqLabels.deleting} />
        {faqs.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} h={160} radius="lg" />
            ))}
          </SimpleGrid>
        ) : faqs.isError ? (
          <LoadError error={faqs.error} what="FAQ articles" onRetry={() => faqs.refetch()} />
        ) : faqs.data.results.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBook size={28} />}
            withIndicatorBackground
            title={filtered ? 'No articles match' : 'No articles yet'}
            description={
              filtered
                ? 'Try other words, or clear the search and tag.'
                : manage
                  ? 'Write the first article with the New article button.'
                  : 'Articles appear here once the NOC has written them.'
            }
          >
            {filtered && (
              <EmptyState.Actions>
                <Button variant="default" onClick={() => list.set({ q: null, tag: null })}>
                  Clear search
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {faqs.data.results.map((article) => (
              <FaqCard
                key={article.faqid}
                article={article}
                {...(tag ? { activeTag: tag } : {})}
                {...(manage ? { onEdit: setEditing, onDelete: confirm } : {})}
              />
            ))}
          </SimpleGrid>
        )}
      </Box>
      {faqs.data && faqs.data.count > 0 && (
        <ListFooter
          count={faqs.data.count}
          page={list.page}
          pageSize={pageSize}
          noun="articles"
          onPage={(page) => list.set({ page: String(page) }, { resetPage: false })}
        />
      )}
      {manage && (
        <FaqArticleModal
          article={editing && editing !== 'new' ? editing : undefined}
          opened={editing !== null}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === 'new') navigate(`/customer-faq/${saved.faqid}`);
          }}
        />
      )}
    </>
  );
}
