import { type FaqArticle, faqMessages } from '@lightpath/domain/faq';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDeleteFaq } from '../api/delete-faq';

// Delete, only after a confirmation. `deleting` drives the 'Deleting FAQ Article' overlay.
export function useConfirmDeleteFaq(onDeleted?: (article: FaqArticle) => void) {
  const deleteFaq = useDeleteFaq();
  const confirm = (article: FaqArticle) =>
    modals.openConfirmModal({
      title: 'Delete FAQ article',
      children: (
        <Text fz="sm">
          Delete <strong>{article.title}</strong>? Everyone loses access to it at once. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete article', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteFaq.mutate(article.faqid, {
          onSuccess: () => {
            notify.success(`${faqMessages.deleted}: ${article.title}`);
            onDeleted?.(article);
          },
          onError: (error) => {
            if (needsToast(error)) notify.warning(errorMessage(error, faqMessages.deleteFailed));
          },
        }),
    });
  return { confirm, deleting: deleteFaq.isPending };
}
