import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demo, multipart, type TestApp, trackedTableVersions } from '../test/helper';
import { pdfText } from '../test/pdf-text';

// Issue 19: the tenant matrix. Every operation of the API reference, for each customer account (and
// the NOC acting as a customer), is called with its own records in the path and another customer's ids
// in every query parameter and body field that names a record. Whatever it is asked, a customer never
// reads or writes across customers: no reply (list, count, detail, search, CSV export, PDF, calendar
// feed) holds another customer's names, references or ids, a write naming a foreign record is refused
// and changes nothing, and the live stream says nothing of another customer's records.
// The operations come from the reference, so a new one is covered the day it is added, and an id-like
// parameter this file cannot fill fails it until it is taught the parameter or lists it with a reason.
// The path ids alone are walked for every role by platform/route-walk.test.ts.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  format?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Finding = { viewer: string; request: string; status: number; problem: string };

// Operations the matrix does not call, with the reason.
const notCalled: Record<string, string> = {
  // An SSE connection never ends by itself.
  'GET /api/stream': 'checked by the live stream test below',
};

// The records of one customer, named the way the API names them in paths, queries and bodies.
type Records = {
  customerid: number;
  serviceid: string;
  siteid: number;
  contactid: number;
  userid: number;
  ticketid: number;
  eventid: number;
  notificationid: number;
  rackspaces: [string, string];
  crossconnectid: number;
  invoiceuuid: string;
  // A second service, and a site whose access type takes requests through the portal.
  secondServiceid: string;
  accessSiteid: number;
};

// Where an operation needs a particular one of the customer's records for its own call to be
// accepted: a new subscription is of a user not yet subscribed to the service (viewers of the same
// customer run one after the other), a subscription edit moves the subscription to another service,
// and an access request is for a site that takes them through the portal.
const recordsForOperation: Record<string, (r: Records) => Records | Promise<Records>> = {
  'POST /api/notification': async (r) => ({ ...r, ...(await unsubscribedPair(r.customerid)) }),
  'POST /api/notification/{notificationid}': (r) => ({ ...r, serviceid: r.secondServiceid }),
  'POST /api/site/{siteid}/access': (r) => ({ ...r, siteid: r.accessSiteid }),
};

// Query parameters and body fields that name a record of a customer, and the record each takes.
// Own records fill them for a call that should succeed, another customer's for one that must not.
const recordFields: Record<string, (r: Records) => unknown> = {
  customerid: (r) => r.customerid,
  customer: (r) => r.customerid,
  serviceid: (r) => r.serviceid,
  services: (r) => [r.serviceid],
  siteid: (r) => r.siteid,
  siteID: (r) => r.siteid,
  aendsiteid: (r) => r.siteid,
  bendsiteid: (r) => r.siteid,
  parentsite: (r) => r.siteid,
  contactid: (r) => r.contactid,
  userid: (r) => r.userid,
  aendrackspaceid: (r) => r.rackspaces[0],
  bendrackspaceid: (r) => r.rackspaces[1],
};

// Id-like fields that name no customer's record, with the reason. Provider-owned records are refused
// to customers whatever the id (403, route-walk); a field that names the record being created is the
// new record's key, not a reference.
const notCustomerRecords: Record<string, string> = {
  equipmentid: "shelves are the provider's: customers are refused them (403)",
  equipmentarray: "shelves are the provider's: AWX is staff only (403)",
  depotsiteid: 'spare parts depots are provider sites; the inventory is staff only (403)',
  technicianid: 'a provider technician (job tickets are staff only)',
  triggerid: 'Zabbix triggers are staff only (403)',
  jobid: 'AWX jobs are staff only (403)',
  uuid: 'spare parts are staff only (403)',
  providerid: 'NetBox providers: staff only (403)',
  circuittypeid: 'NetBox circuit types: staff only (403)',
  headendid: 'NetBox head ends: staff only (403)',
  redundantheadendid: 'NetBox head ends: staff only (403)',
  tailendid: 'NetBox tail ends: staff only (403)',
  aendportid: "router ports are the provider's (service edits are staff only)",
  bendportid: "router ports are the provider's (service edits are staff only)",
  juniperportid: "router ports are the provider's (service edits are staff only)",
  circuitid: "the new third-party circuit's own id (staff only)",
  entityid: 'audit log filter (staff only, 403)',
  user: 'API and audit log filter by name (staff only, 403)',
  faqid: "FAQ articles are everyone's",
  rackspaceid: "the rack space's own name as created or renamed, not a reference",
  usertype: 'a role, not a record',
  // An upload is a token, one use only, made for one site: the upload test below names another
  // customer's uploads in an access request and their ids under a ticket of the viewer's own.
  attachments: 'access form uploads: the upload test below',
};
// The new service's id in POST /api/service is its key, not a reference (the route is staff only).
const newRecordKeys = new Set(['POST /api/service serviceid']);

// What the body of a write needs beyond what its schema says, for the viewer's own records to be
// accepted (the schema cannot tell that a customer admin may create users of type 5 only, or that a
// ticket needs its start time).
const bodyOverrides: Record<string, Record<string, unknown>> = {
  'POST /api/users': { type: 5 },
  'POST /api/user': { type: 5 },
  'POST /api/site/{siteid}/access': { additionaldetails: 'Tenant matrix access request' },
  'POST /api/ticket': {
    issuetype: 'query',
    tickettype: 'question',
    starttime: Math.floor(Date.now() / 1000),
  },
};

// Values for query parameters some operations require: the reports' period (the last twelve months and
// the next two, so that it holds the seed's events, usage and outages) and the search's text (the
// viewer's own records are found; the other customer's names are tried below).
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const requiredQueryValues: Record<string, string> = { from: day(-365), to: day(60), q: 'Campus' };

// Writes the matrix cannot make succeed with its own records, with the reason: their foreign refusals
// are still checked, but do not prove as much.
const notAccepted: Record<string, string> = {};

const idLike = (name: string) =>
  /id$|ids$/i.test(name) || ['services', 'customer', 'user', 'parentsite', 'attachments'].includes(name);

let t: TestApp;
let uploadsDir: string;
let operations: { method: Method; path: string; operation: Operation }[];
let customerIds: Record<string, number>;
let recordsOf: Record<'UNG' | 'EBH', Records>;

async function one<T>(name: string, sql: string, parameters: unknown[]): Promise<T> {
  const rows = await t.database.query<T>(name, sql, parameters);
  if (!rows[0]) throw new Error(`the demo seed has no ${name} for ${parameters.join(', ')}`);
  return rows[0];
}

// A user and a service of the customer with no subscription between them: each viewer's new
// subscription is then new, whichever viewers of the same customer subscribed before it.
async function unsubscribedPair(customerId: number) {
  const pair = await one<{ user_id: number; service_id: string }>(
    'tenant_unsubscribed',
    `select u.user_id, sv.service_id from users u join services sv on sv.customer_id = u.customer_id
     where u.customer_id = $1 and sv.deprovisioned_at is null and not exists (
       select 1 from service_notifications n where n.user_id = u.user_id and n.service_id = sv.service_id)
     order by u.user_id, sv.service_id limit 1`,
    [customerId],
  );
  return { userid: pair.user_id, serviceid: pair.service_id };
}

async function loadRecords(customerId: number): Promise<Records> {
  const demoEmails = Object.values(demo);
  const site = await one<{ site_id: number; contact_id: number }>(
    'tenant_site',
    `select sc.site_id, sc.contact_id from site_contacts sc join sites s on s.site_id = sc.site_id
     where s.customer_id = $1 order by sc.site_id, sc.contact_id limit 1`,
    [customerId],
  );
  const services = await t.database.query<{ service_id: string }>(
    'tenant_services',
    `select service_id from services where customer_id = $1 and deprovisioned_at is null
     order by service_id limit 2`,
    [customerId],
  );
  // Access types 1 and 2 take a request through the portal (1 with details); 0 needs none, 3 and 5
  // go elsewhere, 4 needs the access form uploaded first.
  const accessSite = await one<{ site_id: number }>(
    'tenant_access_site',
    'select site_id from sites where customer_id = $1 and access_type in (1, 2) order by site_id limit 1',
    [customerId],
  );
  const user = await one<{ user_id: number }>(
    'tenant_user',
    `select user_id from users where customer_id = $1 and email <> all($2::text[]) order by user_id limit 1`,
    [customerId, demoEmails],
  );
  const ticket = await one<{ ticket_id: number }>(
    'tenant_ticket',
    `select ticket_id from tickets where customer_id = $1 and kind = 'support' order by ticket_id limit 1`,
    [customerId],
  );
  // An event shared with other customers where there is one: its detail must show this customer's
  // services only.
  const event = await one<{ event_id: number }>(
    'tenant_event',
    `select es.event_id from event_services es join services sv on sv.service_id = es.service_id
     group by es.event_id having bool_or(sv.customer_id = $1)
     order by count(distinct sv.customer_id) desc, es.event_id limit 1`,
    [customerId],
  );
  const subscription = await one<{ notification_id: number }>(
    'tenant_subscription',
    `select n.notification_id from service_notifications n join services sv on sv.service_id = n.service_id
     join users u on u.user_id = n.user_id where sv.customer_id = $1 and u.customer_id = $1
     order by n.notification_id limit 1`,
    [customerId],
  );
  const racks = await t.database.query<{ rack_id: string }>(
    'tenant_racks',
    'select rack_id from rack_spaces where customer_id = $1 order by rack_id limit 2',
    [customerId],
  );
  const crossConnect = await one<{ cross_connect_id: number }>(
    'tenant_cross_connect',
    'select cross_connect_id from cross_connects where customer_id = $1 order by cross_connect_id limit 1',
    [customerId],
  );
  const invoice = await one<{ uuid: string }>(
    'tenant_invoice',
    'select uuid::text as uuid from invoices where customer_id = $1 order by issued_at limit 1',
    [customerId],
  );
  if (services.length < 2) throw new Error(`customer ${customerId} needs two services in the demo seed`);
  if (racks.length < 2) throw new Error(`customer ${customerId} needs two rack spaces in the demo seed`);
  return {
    customerid: customerId,
    serviceid: services[0]!.service_id,
    secondServiceid: services[1]!.service_id,
    accessSiteid: accessSite.site_id,
    siteid: site.site_id,
    contactid: site.contact_id,
    userid: user.user_id,
    ticketid: ticket.ticket_id,
    eventid: event.event_id,
    notificationid: subscription.notification_id,
    rackspaces: [racks[0]!.rack_id, racks[1]!.rack_id],
    crossconnectid: crossConnect.cross_connect_id,
    invoiceuuid: invoice.uuid,
  };
}

// What a customer must never see: the names, references and ids of every other customer's records
// (the provider's own, and records shared with the viewer such as an event naming services of both,
// are not canaries). Text that also appears in the viewer's own or shared records is left out.
type Canaries = {
  texts: string[];
  searchTerms: string[];
  pattern: RegExp;
  // Reply keys that carry a record's id, and the foreign ids each must never hold.
  ids: Record<string, Set<number | string>>;
};

async function canariesFor(viewerCustomerId: number, otherDemoCustomer: number): Promise<Canaries> {
  const rows = await t.database.query<{ owner: number | null; kind: string; text: string }>(
    'tenant_canaries',
    `with event_owners as (
       select e.event_id, e.title,
              case when count(distinct sv.customer_id) = 1 then min(sv.customer_id) end as owner
       from events e left join event_services es on es.event_id = e.event_id
       left join services sv on sv.service_id = es.service_id group by e.event_id, e.title)
     select customer_id as owner, 'customer' as kind, customer_name as text from customers
     union all select customer_id, 'service', service_id from services
     union all select customer_id, 'service description', description from services
     union all select customer_id, 'site number', site_number from sites
     union all select customer_id, 'site', site_name from sites
     union all select customer_id, 'contact', contact_name from contacts
     union all select customer_id, 'contact email', email from contacts
     union all select customer_id, 'user email', email from users
     union all select customer_id, 'user', firstname || ' ' || surname from users
     union all select customer_id, 'ticket', subject from tickets
     union all select customer_id, 'invoice', invoice_number from invoices
     union all select customer_id, 'invoice uuid', uuid::text from invoices
     union all select customer_id, 'rack space', rack_id from rack_spaces
     union all select customer_id, 'upload', file_name from ticket_attachments
     union all select owner, 'event', title from event_owners`,
    [],
  );
  const provider = customerIds.MRN!;
  const isForeign = (owner: number | null) =>
    owner !== null && owner !== viewerCustomerId && owner !== provider;
  const visible = rows.filter((row) => !isForeign(row.owner)).map((row) => row.text);
  const canaryRows = rows.filter(
    (row) => isForeign(row.owner) && row.text.length >= 5 && !visible.some((own) => own.includes(row.text)),
  );
  const texts = [...new Set(canaryRows.map((row) => row.text))];
  // What someone who knew another customer's records would type into a search: one of each kind.
  const searchTerms = [
    ...new Map(
      canaryRows.filter((row) => row.owner === otherDemoCustomer).map((row) => [row.kind, row.text]),
    ).values(),
  ];
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const idRows = await t.database.query<{ kind: string; id: string }>(
    'tenant_foreign_ids',
    `select 'customer' as kind, customer_id::text as id from customers where customer_id <> all($1::int[])
     union all select 'site', site_id::text from sites where customer_id <> all($1::int[])
     union all select 'contact', contact_id::text from contacts where customer_id <> all($1::int[])
     union all select 'user', user_id::text from users where customer_id <> all($1::int[])
     union all select 'ticket', ticket_id::text from tickets where customer_id <> all($1::int[])
     union all select 'service', service_id from services where customer_id <> all($1::int[])
     union all select 'code', customer_code from customers where customer_id <> all($1::int[])`,
    [[viewerCustomerId, provider]],
  );
  const idsOf = (kind: string, numeric = true) =>
    new Set(idRows.filter((row) => row.kind === kind).map((row) => (numeric ? Number(row.id) : row.id)));
  const sitesIds = idsOf('site');
  return {
    texts,
    searchTerms,
    pattern: new RegExp(texts.map(literal).join('|')),
    ids: {
      customerid: idsOf('customer'),
      customercode: idsOf('code', false),
      siteid: sitesIds,
      aendsiteid: sitesIds,
      bendsiteid: sitesIds,
      contactid: idsOf('contact'),
      userid: idsOf('user'),
      ticketid: idsOf('ticket'),
      serviceid: idsOf('service', false),
    },
  };
}

// A value the schema accepts, for a body the route would take but for the field under test.
function valueFor(schema: Schema | undefined, unique: string): unknown {
  if (!schema) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf) {
    const option = schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0];
    return valueFor(option, unique);
  }
  if (schema.enum) return schema.enum[0];
  const type = [schema.type ?? 'string'].flat().find((ty) => ty !== 'null');
  if (type === 'integer' || type === 'number') {
    // A time in seconds: tomorrow, inside any range a time field allows.
    if ((schema.minimum ?? 0) >= 946_684_800) return Math.floor(Date.now() / 1000) + 86_400;
    return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
  }
  if (type === 'boolean') return false;
  if (type === 'array') return schema.minItems ? [valueFor(schema.items, unique)] : [];
  if (type === 'object') return bodyFor(schema, unique, {});
  if (schema.format === 'email' || /email/.test(unique)) return `${unique}@tenant-matrix.example`;
  return `tenant-matrix-${unique}`;
}

function bodyFor(schema: Schema, unique: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? [])
    body[name] = valueFor(schema.properties?.[name], name === 'email' ? `${unique}-email` : unique);
  return { ...body, ...fields };
}

function pathWith(path: string, values: Record<string, string>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the path parameter {${name}} of ${path}`);
    return encodeURIComponent(value);
  });
}

// The text of a reply the viewer could read: a PDF's drawn text, anything else as sent.
// A printed report lists its filters, the search text among them (quoted after the change report's
// 'containing', under the usage report's 'Search'): that is the viewer's own words, not a record, so
// those echoes of what was searched for are left out of a PDF's text, and only those.
function readable(
  reply: { headers: Record<string, unknown>; rawPayload: Buffer; body: string },
  searched: string | undefined,
) {
  if (!String(reply.headers['content-type'] ?? '').startsWith('application/pdf')) return reply.body;
  const text = pdfText(reply.rawPayload);
  return searched
    ? text
        .replaceAll(`containing "${searched}"`, 'containing "…"')
        .replaceAll(`\nSearch\n${searched}\n`, '\nSearch\n…\n')
    : text;
}

// Where a reply shows another customer's record, or null.
function leakIn(canaries: Canaries, text: string, contentType: string): string | null {
  const found = canaries.pattern.exec(text);
  if (found)
    return `shows '${found[0]}' in '${text.slice(Math.max(0, found.index - 60), found.index + found[0].length + 60)}'`;
  if (!contentType.startsWith('application/json')) return null;
  let leak: string | null = null;
  const walk = (value: unknown, key: string) => {
    if (leak) return;
    if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, k.toLowerCase());
    else if (canaries.ids[key]?.has(value as number)) leak = `${key} ${String(value)}`;
  };
  walk(JSON.parse(text), '');
  return leak;
}

const dataVersions = () => trackedTableVersions(t.database);

type Viewer = {
  label: string;
  code: 'UNG' | 'EBH';
  token: () => Promise<string>;
  // Operations answered for the person behind the session, not for the customer it acts as.
  asThemselves?: Record<string, string>;
  // Whether the role may make the customer's calendar link (customer admins may).
  calendar: boolean;
};

// The NOC acting as a customer's user (5) or admin (4): its session is scoped as theirs.
function actingAs(code: 'UNG' | 'EBH', usertype: 4 | 5, label: string): Viewer {
  return {
    label,
    code,
    calendar: usertype === 4,
    token: async () => {
      const token = await t.login(demo.noc);
      const reply = await t.call({
        method: 'POST',
        url: '/api/user/impersonate',
        as: token,
        payload: { customerid: customerIds[code], usertype },
      });
      if (reply.statusCode !== 200) throw new Error(`impersonation failed: ${reply.body}`);
      return token;
    },
    asThemselves: {
      'GET /api/user/impersonate/customers': 'the customers the NOC may switch to',
      'POST /api/user/impersonate': 'the NOC may switch to any customer',
    },
  };
}

// A customer account or the NOC acting as one; a fresh session each time (a write may change it).
const viewers: Viewer[] = [
  { label: 'UNG admin', code: 'UNG', calendar: true, token: () => t.login(demo.ungAdmin) },
  { label: 'UNG user', code: 'UNG', calendar: false, token: () => t.login(demo.ungUser) },
  { label: 'EBH admin', code: 'EBH', calendar: true, token: () => t.login(demo.ebhAdmin) },
  actingAs('EBH', 5, 'NOC acting as EBH user'),
  actingAs('UNG', 4, 'NOC acting as UNG admin'),
];
const otherOf = (code: 'UNG' | 'EBH') => (code === 'UNG' ? 'EBH' : 'UNG');

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'lightpath-tenant-'));
  t = await buildTestApp({ uploads: { dir: uploadsDir, maxBytes: 1024 * 1024 } });
  const reference = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(reference.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      operation,
    })),
  );
  const rows = await t.database.query<{ customer_id: number; customer_code: string }>(
    'tenant_customers',
    'select customer_id, customer_code from customers',
    [],
  );
  customerIds = Object.fromEntries(rows.map((row) => [row.customer_code, row.customer_id]));
  recordsOf = { UNG: await loadRecords(customerIds.UNG!), EBH: await loadRecords(customerIds.EBH!) };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const queryOf = (operation: Operation) => (operation.parameters ?? []).filter((p) => p.in === 'query');
const bodySchemaOf = (operation: Operation) => operation.requestBody?.content['application/json']?.schema;

// Every id-like query parameter and body field of the reference that this file cannot fill.
function unknownIdFields() {
  const unknown: string[] = [];
  for (const { method, path, operation } of operations) {
    const name = `${method} ${path}`;
    if (notCalled[name]) continue;
    const fields = [
      ...queryOf(operation).map((p) => p.name),
      ...Object.keys(bodySchemaOf(operation)?.properties ?? {}),
    ];
    for (const parameter of queryOf(operation))
      if (parameter.required && !requiredQueryValues[parameter.name])
        unknown.push(`${name} ${parameter.name} (required)`);
    for (const field of fields.filter(idLike))
      if (!recordFields[field] && !notCustomerRecords[field] && !newRecordKeys.has(`${name} ${field}`))
        unknown.push(`${name} ${field}`);
  }
  return unknown;
}

// Path parameters: the viewer's own records, so that the reply is the record's and can be searched.
function ownPathValues(own: Records, feedFile: string): Record<string, string> {
  return {
    customerid: String(own.customerid),
    userid: String(own.userid),
    siteid: String(own.siteid),
    contactid: String(own.contactid),
    serviceid: own.serviceid,
    eventid: String(own.eventid),
    notificationid: String(own.notificationid),
    ticketid: String(own.ticketid),
    originalRackID: own.rackspaces[0],
    crossconnectid: String(own.crossconnectid),
    invoiceuuid: own.invoiceuuid,
    file: feedFile,
    // Not customers' records (route-walk: 403 for customers whatever the id) or no record at all.
    timespan: '6',
    end: '0',
    portid: 'ge-0/0/1',
    id: '1',
    startdate: '0',
    enddate: '4102444800',
    attachmentid: '1',
    faqid: '1',
    uuid: '00000000-0000-0000-0000-000000000000',
    equipmentid: '1',
    format: 'csv',
    jobid: '1',
    token: 'not-a-token',
  };
}

// A plain reader of the live stream: what it has sent so far, as text, and the topics of its changes.
async function listen(origin: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/stream`, {
    headers: { accept: 'text/event-stream', 'x-auth-token': token },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  let text = '';
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += value;
    }
  })().catch(() => undefined);
  const until = async (found: () => boolean, timeoutMs = 3_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!found()) {
      if (Date.now() > deadline) throw new Error(`the stream did not say it within ${timeoutMs} ms: ${text}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return {
    ready: until(() => text.includes('event: ready')),
    until,
    topics: () =>
      [...text.matchAll(/event: change\ndata: (.*)\n/g)].flatMap(
        (match) => (JSON.parse(match[1]!) as { topics: string[] }).topics,
      ),
    close: () => {
      controller.abort();
      return reading;
    },
  };
}

describe('the tenant matrix', () => {
  it('knows how to fill every id-like parameter of the reference', () => {
    expect(operations.length).toBeGreaterThan(200);
    expect(unknownIdFields()).toEqual([]);
  });

  // Uploads (run first, so that the reads below look for their names too): EBH uploads two access
  // forms to its site and sends one with an access request. UNG cannot attach either to a request of
  // its own, and cannot read either under a ticket of its own.
  it("never lets a customer use or read another customer's uploads", async () => {
    const ebh = recordsOf.EBH;
    const ung = recordsOf.UNG;
    const form = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20)]);
    const upload = await t.call({
      method: 'POST',
      url: `/api/site/${ebh.accessSiteid}/access/form`,
      as: demo.ebhAdmin,
      ...multipart([
        { name: 'Eastbrook signed access form.pdf', content: form },
        { name: 'Eastbrook spare access form.pdf', content: form },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const [sent, spare] = upload.json().payload.attachments as { token: string }[];
    const request = (siteId: number, tokens: string[]) => ({
      siteID: siteId,
      technician: 'Terry Tech',
      datetime: Math.floor(Date.now() / 1000) + 86_400,
      reason: 'Maintenance Works',
      additionaldetails: 'Tenant matrix access request',
      attachments: tokens,
    });
    const ebhRequest = await t.call({
      method: 'POST',
      url: `/api/site/${ebh.accessSiteid}/access`,
      as: demo.ebhAdmin,
      payload: request(ebh.accessSiteid, [sent!.token]),
    });
    expect(ebhRequest.statusCode, ebhRequest.body).toBe(201);
    const ids = await t.database.query<{ attachment_id: number }>(
      'tenant_uploads',
      'select attachment_id from ticket_attachments where token = any($1::text[])',
      [[sent!.token, spare!.token]],
    );
    expect(ids).toHaveLength(2);

    const token = await t.login(demo.ungAdmin);
    for (const foreignToken of [sent!.token, spare!.token]) {
      const before = await dataVersions();
      const reply = await t.call({
        method: 'POST',
        url: `/api/site/${ung.accessSiteid}/access`,
        as: token,
        payload: request(ung.accessSiteid, [foreignToken]),
      });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(await dataVersions()).toBe(before);
    }
    for (const { attachment_id } of ids) {
      const reply = await t.call({
        method: 'GET',
        url: `/api/ticket/${ung.ticketid}/attachment/${attachment_id}`,
        as: token,
      });
      expect(reply.statusCode).toBe(404);
    }
    // The control: UNG's own request, without the foreign upload, is taken.
    const own = await t.call({
      method: 'POST',
      url: `/api/site/${ung.accessSiteid}/access`,
      as: token,
      payload: request(ung.accessSiteid, []),
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  // Reads: each GET with the viewer's own path ids, first as it is (lists at their largest page), then
  // with each id-like query parameter naming the other customer's record, then with each search field
  // holding the other customer's names and references. No reply may show another customer's data.
  it.each(viewers)(
    '$label reads nothing of another customer',
    async (viewer) => {
      const own = recordsOf[viewer.code];
      const foreign = recordsOf[otherOf(viewer.code)];
      const canaries = await canariesFor(own.customerid, foreign.customerid);
      expect(canaries.texts.length).toBeGreaterThan(100);
      expect(canaries.searchTerms.length).toBeGreaterThan(10);
      const token = await viewer.token();
      // The viewer's own calendar link, so that the feed itself is searched too.
      const feed = await t.call({ method: 'POST', url: '/api/calendar/feed', as: token, payload: {} });
      const feedFile =
        feed.statusCode === 201
          ? `${new URL(feed.json().payload.url).pathname.split('/').pop()}`
          : 'none.ics';
      const pathValues = ownPathValues(own, feedFile);
      const findings: Finding[] = [];
      let requests = 0;
      let readable200 = 0;
      const kinds = new Set<string>();
      for (const { method, path, operation } of operations) {
        const name = `${method} ${path}`;
        if (method !== 'GET' || notCalled[name] || viewer.asThemselves?.[name]) continue;
        const base = pathWith(path, pathValues);
        const query = queryOf(operation);
        // Lists at their largest page, and what a parameter needs to be given at all (a report's period).
        const plain: Record<string, string> = {};
        const limit = query.find((p) => p.name === 'limit')?.schema?.maximum;
        if (limit) plain.limit = String(limit);
        for (const { name, required } of query) if (required) plain[name] = requiredQueryValues[name]!;
        const variants = [plain];
        for (const { name } of query)
          if (recordFields[name])
            variants.push({ ...variants[0], [name]: String(recordFields[name]!(foreign)) });
        for (const { name } of query.filter((p) => p.name === 'q'))
          for (const term of canaries.searchTerms) variants.push({ ...variants[0], [name]: term });
        for (const variant of variants) {
          const url = `${base}${Object.keys(variant).length ? `?${new URLSearchParams(variant)}` : ''}`;
          const reply = await t.call({ method: 'GET', url, as: token });
          requests += 1;
          const label = `GET ${url}`;
          if (reply.statusCode >= 500)
            findings.push({
              viewer: viewer.label,
              request: label,
              status: reply.statusCode,
              problem: 'server error',
            });
          if (reply.statusCode >= 300) continue;
          readable200 += 1;
          kinds.add(String(reply.headers['content-type']).split(';')[0]!);
          const leak = leakIn(
            canaries,
            readable(reply, variant.q),
            String(reply.headers['content-type'] ?? ''),
          );
          if (leak)
            findings.push({ viewer: viewer.label, request: label, status: reply.statusCode, problem: leak });
        }
      }
      console.log(`tenant matrix: ${viewer.label} read ${requests} replies (${readable200} answered)`);
      expect(findings).toEqual([]);
      // The viewer really read its own records: the matrix would pass vacuously if every call were refused.
      expect(readable200).toBeGreaterThan(300);
      // Files were read too: CSV exports, PDFs (reports, invoice, LOA), and for an admin its calendar.
      expect([...kinds].sort()).toEqual(
        [
          'application/json',
          'application/pdf',
          'text/csv',
          ...(viewer.calendar ? ['text/calendar'] : []),
        ].sort(),
      );
    },
    120_000,
  );

  // The canary search itself: the NOC, who sees every customer, is shown a customer's canaries in the
  // lists, so a reply that did leak them would be caught.
  it('finds the canaries where they are meant to be seen', async () => {
    const canaries = await canariesFor(customerIds.UNG!, customerIds.EBH!);
    for (const list of ['/api/services?limit=1000', '/api/sites?limit=1000', '/api/contacts?limit=1000']) {
      const reply = await t.call({ method: 'GET', url: list, as: demo.noc });
      expect(leakIn(canaries, reply.body, String(reply.headers['content-type'])), list).not.toBeNull();
    }
    const ebhOnly = await t.call({ method: 'GET', url: `/api/customer/${customerIds.EBH}`, as: demo.noc });
    expect(leakIn({ ...canaries, pattern: /$^/ }, ebhOnly.body, 'application/json')).toBe(
      `customerid ${customerIds.EBH}`,
    );
  });

  // Writes: each operation with a query parameter or body field naming a customer's record is sent a
  // body the route takes, with that one field naming the other customer's record: it is refused and
  // no tracked table changes. The same body with the viewer's own records is then accepted, which
  // shows that the refusal was the foreign id's.
  it.each(viewers)(
    '$label writes nothing across customers',
    async (viewer) => {
      const findings: Finding[] = [];
      let refusedForeign = 0;
      let acceptedOwn = 0;
      let unique = 0;
      for (const { method, path, operation } of operations) {
        const name = `${method} ${path}`;
        if (method === 'GET' || notCalled[name] || viewer.asThemselves?.[name]) continue;
        const schema = bodySchemaOf(operation);
        const bodyFields = Object.keys(schema?.properties ?? {}).filter(
          (field) => recordFields[field] && !newRecordKeys.has(`${name} ${field}`),
        );
        const queryFields = queryOf(operation)
          .map((p) => p.name)
          .filter((field) => recordFields[field]);
        if (bodyFields.length + queryFields.length === 0) continue;
        const adjust = recordsForOperation[name] ?? ((r: Records) => r);
        const own = await adjust(recordsOf[viewer.code]);
        const foreign = await adjust(recordsOf[otherOf(viewer.code)]);
        const url = pathWith(path, ownPathValues(own, 'none.ics'));
        // A session of its own per write, signed in before the versions are read (signing in writes the
        // session tables): a write may change or end the session it runs in.
        const send = async (foreignField: string | null, token: string) => {
          unique += 1;
          const records = (field: string) => recordFields[field]!(field === foreignField ? foreign : own);
          const query = new URLSearchParams(
            Object.fromEntries(queryFields.map((field) => [field, String(records(field))])),
          );
          const body =
            schema &&
            bodyFor(schema, `${viewer.code.toLowerCase()}${unique}`, {
              ...bodyOverrides[name],
              ...Object.fromEntries(bodyFields.map((f) => [f, records(f)])),
            });
          return t.call({
            method,
            url: queryFields.length ? `${url}?${query}` : url,
            as: token,
            ...(body && { payload: body }),
          });
        };
        const statuses: number[] = [];
        for (const field of [...queryFields, ...bodyFields]) {
          const token = await viewer.token();
          const before = await dataVersions();
          const reply = await send(field, token);
          const after = await dataVersions();
          statuses.push(reply.statusCode);
          const request = `${name} with a foreign ${field}`;
          if (reply.statusCode < 400 || reply.statusCode >= 500)
            findings.push({
              viewer: viewer.label,
              request,
              status: reply.statusCode,
              problem: reply.body.slice(0, 300),
            });
          else refusedForeign += 1;
          if (after !== before)
            findings.push({
              viewer: viewer.label,
              request,
              status: reply.statusCode,
              problem: 'a refused write changed data',
            });
        }
        if (statuses.every((status) => status === 403)) continue;
        const control = await send(null, await viewer.token());
        if (control.statusCode < 400) acceptedOwn += 1;
        else if (!notAccepted[name])
          findings.push({
            viewer: viewer.label,
            request: `${name} with its own records`,
            status: control.statusCode,
            problem: `not accepted, so the foreign refusals prove nothing: ${control.body.slice(0, 300)}`,
          });
      }
      console.log(
        `tenant matrix: ${viewer.label} refused ${refusedForeign} foreign writes, accepted ${acceptedOwn} own ones`,
      );
      expect(findings).toEqual([]);
      expect(acceptedOwn).toBeGreaterThan(0);
    },
    120_000,
  );
  // The live stream and the counts: while UNG and EBH listen, the NOC writes to EBH's records (an event
  // on an EBH service, a comment and a status on an EBH ticket, an EBH contact). EBH hears of them;
  // UNG hears nothing, and its counts, lists and search do not move or show them. Then a write to a
  // UNG ticket reaches UNG, which shows its stream was listening all along.
  it('tells a customer nothing of changes to another customer, live or counted', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ung = recordsOf.UNG;
    const ebh = recordsOf.EBH;
    const ungToken = await t.login(demo.ungAdmin);
    const countsOf = async () => {
      const counts = (await t.call({ method: 'GET', url: '/api/navigation/counts', as: ungToken })).json();
      const lists: Record<string, number> = {};
      for (const list of ['/api/tickets', '/api/events', '/api/contacts', '/api/services', '/api/sites'])
        lists[list] = (
          await t.call({ method: 'GET', url: `${list}?limit=1`, as: ungToken })
        ).json().payload.count;
      return { counts: counts.payload, lists };
    };
    const ungStream = await listen(origin, ungToken);
    const ebhStream = await listen(origin, await t.login(demo.ebhAdmin));
    try {
      await Promise.all([ungStream.ready, ebhStream.ready]);
      const before = await countsOf();
      const title = 'Tenant matrix works on Eastbrook only';
      const writes = [
        await t.call({
          method: 'POST',
          url: '/api/event',
          as: demo.noc,
          payload: {
            number: 7_919,
            title,
            description: 'Only EBH is affected.',
            starttime: Math.floor(Date.now() / 1000) + 3_600,
            endtime: Math.floor(Date.now() / 1000) + 7_200,
            type: 1,
            initiator: 'Field Services',
            priority: 3,
            slatype: 1,
            services: [ebh.serviceid],
          },
        }),
        await t.call({
          method: 'POST',
          url: `/api/ticket/${ebh.ticketid}/comment`,
          as: demo.noc,
          payload: { comment: title },
        }),
        await t.call({
          method: 'PUT',
          url: `/api/ticket/${ebh.ticketid}/status`,
          as: demo.noc,
          payload: { status: 'pending' },
        }),
        await t.call({
          method: 'POST',
          url: '/api/contact',
          as: demo.noc,
          payload: { contactname: title, customerid: ebh.customerid },
        }),
      ];
      for (const write of writes) expect(write.statusCode, write.body.slice(0, 200)).toBeLessThan(300);
      // EBH hears of its event and its ticket: the writes did reach the feed.
      await ebhStream.until(() => ['events', 'tickets'].every((topic) => ebhStream.topics().includes(topic)));
      // The feed polls every 250 ms: a second is four polls for a change to UNG to have arrived in.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(ungStream.topics()).toEqual([]);
      expect(await countsOf()).toEqual(before);
      for (const url of [
        '/api/events?limit=1000',
        `/api/search?q=${encodeURIComponent(title)}`,
        '/api/contacts?limit=1000',
        '/api/export/events',
      ]) {
        const reply = await t.call({ method: 'GET', url, as: ungToken });
        expect(reply.statusCode, url).toBe(200);
        expect(reply.body, url).not.toContain(title);
      }
      // The control: a change to UNG's own ticket reaches UNG.
      const own = await t.call({
        method: 'POST',
        url: `/api/ticket/${ung.ticketid}/comment`,
        as: demo.noc,
        payload: { comment: 'For Northgate' },
      });
      expect(own.statusCode).toBe(201);
      await ungStream.until(() => ungStream.topics().includes('tickets'));
    } finally {
      ungStream.close();
      ebhStream.close();
    }
  });
});
