import type { Actor } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type FaqArticle,
  type FaqCreate,
  type FaqUpdate,
  faqIdMatches,
  faqMessages,
  faqSortFields,
} from '@lightpath/domain/faq';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { Invalid, NotFound } from '../../platform/errors';
import {
  articleOf,
  deleteFaqRow,
  type FaqFilter,
  findFaqRow,
  insertFaqRow,
  listFaqArticles,
  updateFaqRow,
} from './repository';

export async function listFaqs(db: Db, input: ListQuery & FaqFilter) {
  const sort = parseSort(input.sort, faqSortFields, 'title');
  const page = await listFaqArticles(db, { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getFaq(db: Db, faqId: number): Promise<FaqArticle> {
  const row = await findFaqRow(db, faqId);
  if (!row) throw new NotFound(faqMessages.notFound);
  return articleOf(row);
}

export async function createFaq(db: Db, request: FastifyRequest, actor: Actor, input: FaqCreate) {
  return db.transaction(async (tx) => {
    const row = await insertFaqRow(tx, {
      title: input.title,
      body: input.body,
      tags: input.tags,
      createdBy: actor.userId,
    });
    await recordAudit(tx, request, {
      action: 'faq.create',
      entity: 'faq',
      entityId: row.faqId,
      detail: { title: row.title, tags: row.tags },
    });
    return articleOf(row);
  });
}

// Spec 7.8: the whole article is sent, its id included, and that id must be the one in the path.
export async function updateFaq(db: Db, request: FastifyRequest, faqId: number, input: FaqUpdate) {
  if (!faqIdMatches(faqId, input)) throw Invalid.field('faqid', faqMessages.idMismatch);
  return db.transaction(async (tx) => {
    const row = await updateFaqRow(tx, faqId, { title: input.title, body: input.body, tags: input.tags });
    if (!row) throw new NotFound(faqMessages.notFound);
    await recordAudit(tx, request, {
      action: 'faq.update',
      entity: 'faq',
      entityId: faqId,
      detail: { title: row.title, tags: row.tags },
    });
    return articleOf(row);
  });
}

export async function deleteFaq(db: Db, request: FastifyRequest, faqId: number) {
  await db.transaction(async (tx) => {
    const row = await deleteFaqRow(tx, faqId);
    if (!row) throw new NotFound(faqMessages.notFound);
    await recordAudit(tx, request, {
      action: 'faq.delete',
      entity: 'faq',
      entityId: faqId,
      detail: { title: row.title },
    });
  });
}
