import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { NotFound } from '../../platform/errors';
import {
  type Sideloads,
  type ZendeskApi,
  ZendeskError,
  type ZOrganization,
  type ZTicket,
  type ZUser,
} from './zendesk-api';

// Who is who between the portal and a Zendesk account: portal customers are organizations (by
// external_id = customer code), portal users are Zendesk users (by e-mail).

// Code <-> organization id and e-mail -> user id, per Zendesk account, for the life of the process.
type AccountCache = {
  orgByCode: Map<string, number>;
  codeByOrg: Map<number, string>;
  userByEmail: Map<string, number>;
};
const accountCaches = new Map<string, AccountCache>();

export type Directory = {
  byId: Map<number, { code: string; name: string }>;
  byCode: Map<string, number>;
  provider: { id: number; code: string } | null;
};

export function zendeskDirectory(api: ZendeskApi) {
  const { apiUrl, request, get, fail } = api;
  const cacheKey = api.base.href;
  const cache: AccountCache = accountCaches.get(cacheKey) ?? {
    orgByCode: new Map(),
    codeByOrg: new Map(),
    userByEmail: new Map(),
  };
  accountCaches.set(cacheKey, cache);

  function remember(org: ZOrganization) {
    if (!org.external_id) return;
    cache.orgByCode.set(org.external_id.toUpperCase(), org.id);
    cache.codeByOrg.set(org.id, org.external_id.toUpperCase());
  }

  // The organization of a portal customer; created (named after the customer) when asked to.
  async function organizationOf(db: DbOrTx, customerId: number, create: boolean): Promise<number | null> {
    const [customer] = await db
      .select({ code: customers.customerCode, name: customers.customerName })
      .from(customers)
      .where(sql`${customers.customerId} = ${customerId}`);
    if (!customer) throw new NotFound('Customer not found');
    const code = customer.code.toUpperCase();
    const known = cache.orgByCode.get(code);
    if (known !== undefined) return known;
    const found = await get<{ organizations: ZOrganization[] }>('organizations/search.json', {
      external_id: customer.code,
    });
    const match = found?.organizations.find((o) => o.external_id?.toUpperCase() === code);
    if (match) {
      remember(match);
      return match.id;
    }
    if (!create) return null;
    try {
      const created = await request<{ organization: ZOrganization }>('POST', apiUrl('organizations.json'), {
        json: { organization: { name: customer.name, external_id: customer.code } },
      });
      if (!created) throw fail('POST', apiUrl('organizations.json'), null, 'no organization in the reply');
      remember(created.organization);
      return created.organization.id;
    } catch (error) {
      // Two first tickets for one customer raced, and the other created it ('Name: has already been
      // taken'): use that one. Anything else (a same-named organization without the code) stands.
      if (!(error instanceof ZendeskError && error.zendeskStatus === 422)) throw error;
      const again = await get<{ organizations: ZOrganization[] }>('organizations/search.json', {
        external_id: customer.code,
      });
      const raced = again?.organizations.find((o) => o.external_id?.toUpperCase() === code);
      if (!raced) throw error;
      remember(raced);
      return raced.id;
    }
  }

  // A kept organization id goes stale when an administrator deletes or merges the organization in
  // Zendesk, which then refuses it ('Organization: is invalid') or no longer lists its tickets (404).
  // Forgets that id and looks the customer up again: the id Zendesk has now (the same one when the
  // refusal was about something else), or null when it has none and `create` is false.
  async function organizationAgain(
    db: DbOrTx,
    customerId: number,
    stale: number,
    create: boolean,
  ): Promise<number | null> {
    const code = cache.codeByOrg.get(stale);
    cache.codeByOrg.delete(stale);
    if (code !== undefined && cache.orgByCode.get(code) === stale) cache.orgByCode.delete(code);
    return organizationOf(db, customerId, create);
  }

  // The Zendesk user for a portal user, so a comment shows who wrote it; created if Zendesk has none.
  async function zendeskUserOf(db: DbOrTx, userId: number): Promise<number | null> {
    const [user] = await db
      .select({ email: users.email, firstname: users.firstname, surname: users.surname })
      .from(users)
      .where(sql`${users.userId} = ${userId}`);
    if (!user) return null;
    const email = user.email.toLowerCase();
    const known = cache.userByEmail.get(email);
    if (known !== undefined) return known;
    const reply = await request<{ user: ZUser }>('POST', apiUrl('users/create_or_update.json'), {
      json: { user: { email: user.email, name: `${user.firstname} ${user.surname}`.trim() } },
    });
    if (!reply) return null;
    cache.userByEmail.set(email, reply.user.id);
    return reply.user.id;
  }

  async function directoryOf(db: DbOrTx): Promise<Directory> {
    const rows = await db
      .select({
        id: customers.customerId,
        code: customers.customerCode,
        name: customers.customerName,
        isProvider: customers.isProvider,
      })
      .from(customers);
    const provider = rows.find((r) => r.isProvider);
    return {
      byId: new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }])),
      byCode: new Map(rows.map((r) => [r.code.toUpperCase(), r.id])),
      provider: provider ? { id: provider.id, code: provider.code } : null,
    };
  }

  function customerOf(ticket: ZTicket, directory: Directory, sideloads: Sideloads) {
    for (const org of sideloads.organizations ?? []) remember(org);
    const code = ticket.organization_id === null ? undefined : cache.codeByOrg.get(ticket.organization_id);
    const id = code === undefined ? undefined : directory.byCode.get(code);
    if (id !== undefined && code !== undefined) return { customerid: id, customercode: code };
    return { customerid: directory.provider?.id ?? 0, customercode: directory.provider?.code ?? '' };
  }

  async function requesterOf(db: DbOrTx, requester: string): Promise<{ name?: string; email: string }> {
    const named = requester.match(/^\s*(.*?)\s*<([^>]+)>\s*$/);
    const email = (named ? named[2]! : requester).trim();
    if (named?.[1]) return { name: named[1], email };
    // A portal user's own name, rather than Zendesk making one up from the address.
    const [user] = await db
      .select({ firstname: users.firstname, surname: users.surname })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return user ? { name: `${user.firstname} ${user.surname}`.trim(), email } : { email };
  }
  return { remember, organizationOf, organizationAgain, zendeskUserOf, directoryOf, customerOf, requesterOf };
}
