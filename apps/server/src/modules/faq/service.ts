import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type FaqArticle,
  type FaqCreate,
  type FaqUpdate,
  faqIdMatches,
  faqMessages,
  faqSortFields,
} from '@lightpath/domain/faq';
import { recordAudit } from '../../platform/audit';
import { Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import {
  articleOf,
  deleteFaqRow,
  type FaqFilter,
  findFaqRow,
  insertFaqRow,
  listFaqArticles,
  updateFaqRow,
} from './repository';

export async function listFaqs(ctx: ServiceContext, input: ListQuery & FaqFilter) {
  const sort = parseSort(input.sort, faqSortFields, 'title');
  const page = await listFaqArticles(ctx.db, { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getFaq(ctx: ServiceContext, faqId: number): Promise<FaqArticle> {
  const row = await findFaqRow(ctx.db, faqId);
  if (!row) throw new NotFound(faqMessages.notFound);
  return articleOf(row);
}

export async function createFaq(ctx: ServiceContext, input: FaqCreate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  return db.transaction(async (tx) => {
    const row = await insertFaqRow(tx, {
      title: input.title,
      body: input.body,
      tags: input.tags,
      createdBy: actor.userId,
    });
    await recordAudit(tx, ctx, {
      action: 'faq.create',
      entity: 'faq',
      entityId: row.faqId,
      detail: { title: row.title, tags: row.tags },
    });
    return articleOf(row);
  });
}

// Spec 7.8: the whole article is sent, its id included, and that id must be the one in the path.
export async function updateFaq(ctx: ServiceContext, faqId: number, input: FaqUpdate) {
  const { db } = ctx;
  if (!faqIdMatches(faqId, input)) throw Invalid.field('faqid', faqMessages.idMismatch);
  return db.transaction(async (tx) => {
    const row = await updateFaqRow(tx, faqId, { title: input.title, body: input.body, tags: input.tags });
    if (!row) throw new NotFound(faqMessages.notFound);
    await recordAudit(tx, ctx, {
      action: 'faq.update',
      entity: 'faq',
      entityId: faqId,
      detail: { title: row.title, tags: row.tags },
    });
    return articleOf(row);
  });
}

export async function deleteFaq(ctx: ServiceContext, faqId: number) {
  const { db } = ctx;
  await db.transaction(async (tx) => {
    const row = await deleteFaqRow(tx, faqId);
    if (!row) throw new NotFound(faqMessages.notFound);
    await recordAudit(tx, ctx, {
      action: 'faq.delete',
      entity: 'faq',
      entityId: faqId,
      detail: { title: row.title },
    });
  });
}
