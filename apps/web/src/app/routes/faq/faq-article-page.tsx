import { faqLabels } from '@lightpath/domain/faq';
import { can } from '@lightpath/domain/permissions';
import { Box, Button, Group, Paper, Skeleton, Stack, Text, Typography } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailPageGate } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { useFaq } from '../../../features/faq/api/get-faq';
import { FaqArticleBody } from '../../../features/faq/components/faq-article-body';
import { FaqArticleModal } from '../../../features/faq/components/faq-article-modal';
import { FaqBusyOverlay } from '../../../features/faq/components/faq-busy-overlay';
import { FaqTags } from '../../../features/faq/components/faq-tags';
import { useConfirmDeleteFaq } from '../../../features/faq/components/use-confirm-delete-faq';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Support' }, { label: 'FAQ & Knowledge Base', to: '/customer-faq' }];

export function FaqArticlePage() {
  const { faqarticleid: raw } = useParams();
  const faqid = Number(raw);
  const valid = Number.isInteger(faqid) && faqid > 0;
  const { actor } = useSession();
  const allowed = can(actor, 'faq.view');
  const manage = can(actor, 'faq.manage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useFaq(faqid, allowed);
  const [editing, edit] = useDisclosure(false);
  const { confirm, deleting } = useConfirmDeleteFaq((article) => {
    navigate('/customer-faq', { replace: true });
    // Dropped after leaving, so the page does not refetch an article that no longer exists.
    queryClient.removeQueries({ queryKey: ['faq', 'detail', article.faqid] });
  });
  usePageTitle(query.data?.title ?? 'FAQ Article');

  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title="FAQ Article"
        crumbs={crumbs}
        noAccessWhat="the knowledge base"
        recordWhat="FAQ article"
        loadingHeader={{ title: <Skeleton h={28} w={320} />, crumbs: [...crumbs, { label: '…' }] }}
        skeleton={
          <Box pos="relative">
            <FaqBusyOverlay visible label={faqLabels.loading} />
            <Skeleton h={320} radius="lg" maw={820} />
          </Box>
        }
      />
    );
  }

  const article = query.data;
  return (
    <>
      <PageHeader
        title={article.title}
        description={`Updated ${formatDateTime(article.updatedat)}`}
        crumbs={[...crumbs, { label: article.title }]}
        actions={
          <>
            <Button
              component={Link}
              to="/customer-faq"
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              All articles
            </Button>
            {manage && (
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={edit.open}>
                Edit
              </Button>
            )}
            {manage && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => confirm(article)}
                loading={deleting}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs" maw={820} pos="relative">
        <FaqBusyOverlay visible={deleting} label={faqLabels.deleting} />
        <Stack gap="lg">
          <Typography>
            <FaqArticleBody body={article.body} />
          </Typography>
          {article.tags.length > 0 && (
            <Group gap="xs" align="center">
              <Text fz="sm" c="dimmed">
                Tagged
              </Text>
              <FaqTags tags={article.tags} />
            </Group>
          )}
        </Stack>
      </Paper>
      {manage && <FaqArticleModal article={article} opened={editing} onClose={edit.close} />}
    </>
  );
}
