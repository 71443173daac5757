import type { SparePart, SparePartFilter, sparePartSortFields } from '@lightpath/domain/spare-parts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { sparePartMovements, spareParts } from '../../db/schema/spare-parts';
import { epochSeconds, Params, statementName } from '../../db/statements';
import { containsPattern } from '../../platform/scope';

// Spare parts are the provider's own records: no customer owns a row, so no read takes a Scope; the
// permission on the route is the whole guard (docs/adding-a-resource.md, step 4). Reads are
// hand-written SQL with the API's column names, as in the other lists; writes use Drizzle.

export type SparePartSortField = (typeof sparePartSortFields)[number];

export type SparePartListFilter = SparePartFilter & { q?: string | undefined };

// The depot's name is read with the page, and sorting by it joins the sites before paging. The
// uuid ends each order so that pages never overlap.
const sorts: Record<SparePartSortField, { keys: string[]; joinDepot?: boolean }> = {
  partnumber: { keys: ['p.part_number'] },
  description: { keys: ['p.description', 'p.part_number'] },
  serial: { keys: ['p.serial', 'p.part_number'] },
  depotsitename: { keys: ['d.site_name', 'p.part_number'], joinDepot: true },
  quantity: { keys: ['p.quantity', 'p.part_number'] },
  state: { keys: ['p.state', 'p.part_number'] },
  updated: { keys: ['p.updated_at'] },
};

const sparePartColumns = `p.uuid::text as uuid, p.part_number as partnumber, p.description, p.serial,
    p.depot_site_id as depotsiteid, d.site_number as depotsitenumber, d.site_name as depotsitename,
    p.quantity, p.state, ${epochSeconds('p.updated_at')} as updated,
    (select json_build_object('action', m.action, 'quantity', m.quantity,
        'by', trim(u.firstname || ' ' || u.surname), 'at', ${epochSeconds('m.at')},
        'jobreference', m.job_reference)
      from spare_part_movements m join users u on u.user_id = m.user_id
      where m.part_uuid = p.uuid
      order by m.at desc, m.movement_id desc limit 1) as lastmovement`;

function whereOf(filter: SparePartListFilter, params: Params): string {
  const where: string[] = [];
  if (filter.depotsiteid !== undefined) where.push(`p.depot_site_id = ${params.add(filter.depotsiteid)}`);
  if (filter.state !== undefined) where.push(`p.state = ${params.add(filter.state)}`);
  if (filter.q) {
    // The same expression as the trigram index, so a search of 5,000 parts is an index scan.
    where.push(
      `(p.part_number || ' ' || p.description || ' ' || coalesce(p.serial, '')) ilike ${params.add(containsPattern(filter.q))}`,
    );
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listSpareParts(
  query: RawQuery,
  filter: SparePartListFilter & {
    sort: { field: SparePartSortField; descending: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: SparePart[] }> {
  const params = new Params();
  const where = whereOf(filter, params);
  const sort = sorts[filter.sort.field];
  const direction = filter.sort.descending ? 'desc' : 'asc';
  // Parts without a serial sort last either way, like an empty cell at the bottom.
  const order = [...sort.keys, 'p.uuid'].map((key) => `${key} ${direction} nulls last`).join(', ');
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The page is chosen first; only its rows get their depot and last movement. The total comes in the
  // same round trip as an uncorrelated subquery, run once.
  const text = `with page as (
    select p.* from spare_parts p
      ${sort.joinDepot ? 'join sites d on d.site_id = p.depot_site_id' : ''}
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}
  )
  select ${sparePartColumns},
    (select count(*)::int from spare_parts p where ${where}) as total
  from page p
  join sites d on d.site_id = p.depot_site_id
  order by ${order}`;
  const rows = await query<SparePart & { total: number }>(
    statementName('spare_parts_list', text),
    text,
    params.values,
  );
  if (rows.length > 0) return { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row) };
  if (filter.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told.
  const countText = `select count(*)::int as total from spare_parts p where ${where}`;
  const [counted] = await query<{ total: number }>(
    statementName('spare_parts_count', countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

const detailText = `select ${sparePartColumns}
  from spare_parts p join sites d on d.site_id = p.depot_site_id
  where p.uuid = $1`;

export async function findSparePart(query: RawQuery, uuid: string): Promise<SparePart | null> {
  const rows = await query<SparePart>('spare_parts_detail', detailText, [uuid]);
  return rows[0] ?? null;
}

// Writes and the checks made inside their transactions.

export type SparePartRow = typeof spareParts.$inferSelect;

// `for update`: a take and an edit of the same part serialise, so two technicians taking the last
// one cannot both succeed.
export async function lockSparePartRow(db: DbOrTx, uuid: string): Promise<SparePartRow | null> {
  const rows = await db.select().from(spareParts).where(eq(spareParts.uuid, uuid)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findSerialHolder(db: DbOrTx, partNumber: string, serial: string) {
  const rows = await db
    .select({ uuid: spareParts.uuid })
    .from(spareParts)
    .where(and(eq(spareParts.partNumber, partNumber), eq(spareParts.serial, serial)))
    .limit(1);
  return rows[0]?.uuid ?? null;
}

export async function insertSparePartRow(db: DbOrTx, values: typeof spareParts.$inferInsert) {
  const rows = await db.insert(spareParts).values(values).returning();
  return rows[0]!;
}

export async function updateSparePartRow(
  db: DbOrTx,
  uuid: string,
  values: Partial<typeof spareParts.$inferInsert>,
) {
  await db
    .update(spareParts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(spareParts.uuid, uuid));
}

// Its movements go with it (the foreign key cascades); the audit entry keeps what it was.
export async function deleteSparePartRow(db: DbOrTx, uuid: string) {
  await db.delete(spareParts).where(eq(spareParts.uuid, uuid));
}

export async function insertMovementRow(db: DbOrTx, values: typeof sparePartMovements.$inferInsert) {
  await db.insert(sparePartMovements).values(values);
}
