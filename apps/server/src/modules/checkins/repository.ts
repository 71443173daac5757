import type { Scope } from '@lightpath/domain/actor';
import type { CheckinRow, CheckinSortField } from '@lightpath/domain/checkins';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, RawQuery } from '../../db/client';
import { siteCheckins } from '../../db/schema/tickets';
import { epochSeconds, Params, statementName } from '../../db/statements';
import { containsPattern } from '../../platform/scope';

// Reads are hand-written SQL on the driver (RawQuery) whose columns carry the API's names, as in
// modules/contacts; writes use Drizzle.

export type CheckinFilter = {
  q?: string | undefined;
  active?: boolean | undefined;
  siteid?: number | undefined;
  userid?: number | undefined;
};

const checkinColumns = `ci.checkin_id as checkinid, ci.user_id as userid,
    trim(u.firstname || ' ' || u.surname) as username,
    ci.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
    c.customer_code as customercode,
    ${epochSeconds('ci.checkin_time')} as checkintime, ${epochSeconds('ci.checkout_time')} as checkouttime`;

const checkinJoins = `join sites s on s.site_id = ci.site_id
  join customers c on c.customer_id = s.customer_id
  join users u on u.user_id = ci.user_id`;

// Open check-ins have no check-out time: newest-first by check-out puts them on top, as the ones
// still running; oldest-first puts them last. The check-in id ends each order so pages never overlap.
const sortKeys: Record<CheckinSortField, string[]> = {
  checkintime: ['ci.checkin_time'],
  checkouttime: ['ci.checkout_time', 'ci.checkin_time'],
  sitename: ['s.site_name', 'ci.checkin_time'],
  username: ['u.surname', 'u.firstname', 'ci.checkin_time'],
};

// Every check-in has its site, customer and user (foreign keys, not null), so the joins drop no row:
// a count whose filter names only check-in columns skips them. Counting all 20,000 of a national
// network's check-ins through three joins cost more than the page itself.
function countJoinsFor(scope: Scope, filter: CheckinFilter): string {
  return scope.kind === 'customer' || filter.q ? checkinJoins : '';
}

function whereOf(scope: Scope, filter: CheckinFilter, params: Params): string {
  const where: string[] = [];
  // Check-ins are provider staff's (checkins.manage); a customer scope, should one ever reach here,
  // still only sees its own sites.
  if (scope.kind === 'customer') where.push(`s.customer_id = ${params.add(scope.customerId)}`);
  if (filter.active === true) where.push('ci.checkout_time is null');
  if (filter.active === false) where.push('ci.checkout_time is not null');
  if (filter.siteid !== undefined) where.push(`ci.site_id = ${params.add(filter.siteid)}`);
  if (filter.userid !== undefined) where.push(`ci.user_id = ${params.add(filter.userid)}`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(
      `(s.site_name ilike ${pattern} or s.site_number ilike ${pattern} or c.customer_code ilike ${pattern}
        or (u.firstname || ' ' || u.surname) ilike ${pattern})`,
    );
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listCheckins(
  query: RawQuery,
  scope: Scope,
  filter: CheckinFilter & {
    sort: { field: CheckinSortField; descending: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: CheckinRow[] }> {
  const params = new Params();
  const where = whereOf(scope, filter, params);
  const countJoins = countJoinsFor(scope, filter);
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = [...sortKeys[filter.sort.field], 'ci.checkin_id']
    .map((key) => `${key} ${direction}`)
    .join(', ');
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The total comes in the same round trip as an uncorrelated subquery, run once.
  const text = `select ${checkinColumns},
    (select count(*)::int from site_checkins ci ${countJoins} where ${where}) as total
  from site_checkins ci ${checkinJoins}
  where ${where}
  order by ${order}
  limit ${limit} offset ${offset}`;
  const rows = await query<CheckinRow & { total: number }>(
    statementName('checkins_list', text),
    text,
    params.values,
  );
  if (rows.length > 0) return { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row) };
  if (filter.offset === 0) return { count: 0, results: [] };
  // Past the last page: the total still has to be told.
  const countText = `select count(*)::int as total from site_checkins ci ${countJoins} where ${where}`;
  const [counted] = await query<{ total: number }>(
    statementName('checkins_count', countText),
    countText,
    params.values.slice(0, -2),
  );
  return { count: counted?.total ?? 0, results: [] };
}

const oneText = `select ${checkinColumns} from site_checkins ci ${checkinJoins} where ci.checkin_id = $1`;

export async function findCheckin(query: RawQuery, checkinId: number): Promise<CheckinRow | null> {
  const rows = await query<CheckinRow>('checkins_one', oneText, [checkinId]);
  return rows[0] ?? null;
}

// Writes and the checks made inside their transactions.

export type CheckinRecord = typeof siteCheckins.$inferSelect;

export async function findOpenCheckin(db: DbOrTx, userId: number, siteId: number) {
  const rows = await db
    .select()
    .from(siteCheckins)
    .where(
      and(
        eq(siteCheckins.userId, userId),
        eq(siteCheckins.siteId, siteId),
        isNull(siteCheckins.checkoutTime),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

// Null when the user already has an open check-in at the site: the partial unique index
// (site_checkins_open_key) decides, so two taps racing each other cannot both open one.
export async function insertOpenCheckin(
  db: DbOrTx,
  values: { userId: number; siteId: number; checkinTime: Date },
): Promise<CheckinRecord | null> {
  const rows = await db.insert(siteCheckins).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

// Null when the check-in was closed meanwhile (a second check-out racing this one).
export async function closeCheckin(
  db: DbOrTx,
  checkinId: number,
  checkoutTime: Date,
): Promise<CheckinRecord | null> {
  const rows = await db
    .update(siteCheckins)
    .set({ checkoutTime })
    .where(and(eq(siteCheckins.checkinId, checkinId), isNull(siteCheckins.checkoutTime)))
    .returning();
  return rows[0] ?? null;
}
