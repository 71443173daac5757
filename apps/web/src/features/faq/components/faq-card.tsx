import { type FaqArticle, faqExcerpt } from '@lightpath/domain/faq';
import { ActionIcon, Anchor, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { FaqTags } from './faq-tags';

type Props = {
  article: FaqArticle;
  activeTag?: string;
  onEdit?: (article: FaqArticle) => void;
  onDelete?: (article: FaqArticle) => void;
};

export function FaqCard({ article, activeTag, onEdit, onDelete }: Props) {
  return (
    <Card withBorder radius="lg" shadow="xs" padding="md" component="article" aria-label={article.title}>
      <Stack gap="xs" h="100%">
        <Title order={3} fz="md" lh={1.35}>
          <Anchor component={Link} to={`/customer-faq/${article.faqid}`} c="inherit" underline="hover">
            {article.title}
          </Anchor>
        </Title>
        <FaqTags tags={article.tags} {...(activeTag ? { active: activeTag } : {})} />
        <Text fz="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
          {faqExcerpt(article.body)}
        </Text>
        <Group justify="space-between" gap="xs" mt={4}>
          <Text fz="xs" c="dimmed" title={formatDateTime(article.updatedat)}>
            Updated {formatRelative(article.updatedat)}
          </Text>
          {(onEdit || onDelete) && (
            <Group gap={4}>
              {onEdit && (
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${article.title}`}
                    onClick={() => onEdit(article)}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {onDelete && (
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${article.title}`}
                    onClick={() => onDelete(article)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
