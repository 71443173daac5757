import { accessSubject } from '@lightpath/domain/access';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { services, sites } from '../schema/inventory';
import { siteAccessRequests, siteCheckins, ticketComments, tickets } from '../schema/tickets';
import { users } from '../schema/users';

// Issue 5's records: support tickets, technicians' job tickets, site access requests and site
// check-ins. The demo gets a small hand-written set that tells a story on every screen (UNG's and
// EBH's own tickets in every status, the technician's jobs at the provider's PoPs and a check-in that
// is open now); the national scale adds a five-year history written by set-based SQL, so 50,000
// tickets and 100,000 comments cost seconds, not minutes.

export type SupportSize = { ticketHistory: number; checkinHistory: number };

export type SeededSupport = {
  tickets: number;
  ticketComments: number;
  accessRequests: number;
  checkins: number;
  ticketHistory: number;
  checkinHistory: number;
};

// Hand-picked numbers below 10,000, like the demo's event tickets (4211, 4312 to 4314): the same in
// both scales, and clear of the numbers the built-in store hands out (10,001 onwards).
const demoNumbers = { support: 4401, job: 4421, access: 4431 } as const;

// Spec 9: the wizard's subject prefixes, by issue type.
const prefixes = {
  outage: '[OUTAGE]',
  flapping: '[FLAPPING]',
  speed: '[SPEED ISSUE]',
  packetloss: '[PACKET LOSS]',
  query: '[QUERY]',
  portal: '[PORTAL]',
  worksnotify: '[CUSTOMER WORKS]',
} as const;
type IssueType = keyof typeof prefixes;

// Spec 9's site access reasons.
const accessReasons = [
  'Preventative Maintenance',
  'Maintenance Works',
  'Scheduled Works Access',
  'Outage Investigation',
  'Outage Restoration Works',
] as const;

const hour = 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');
// DD/MM/YY, as the wizard writes the date into a subject (UTC, so every machine seeds the same text).
const shortDate = (date: Date) =>
  `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${String(date.getUTCFullYear()).slice(2)}`;

function wizardSubject(issue: IssueType, date: Date, serviceIds: string[], topic?: string) {
  // Up to three service ids, else a count (spec 9).
  const what = topic ?? (serviceIds.length > 3 ? `${serviceIds.length} services` : serviceIds.join(', '));
  return `${prefixes[issue]} ${shortDate(date)} - ${what}`;
}

type DemoComment = { from: 'requester' | 'noc' | 'tech'; html: string; afterHours: number };
type DemoSupportTicket = {
  customer: 'UNG' | 'EBH';
  requester: string;
  issue: IssueType;
  // Which of the customer's enabled services (in service id order) the ticket names.
  services: number[];
  topic?: string;
  status: 'new' | 'open' | 'pending' | 'hold' | 'solved';
  // Hours from now: created, and the works window of a [CUSTOMER WORKS] notice.
  createdHours: number;
  works?: [start: number, end: number];
  description: string;
  comments: DemoComment[];
};

const ticketTypeOf = (issue: IssueType) =>
  issue === 'query' || issue === 'portal' ? 'question' : issue === 'worksnotify' ? 'task' : 'incident';

// UNG's and EBH's own tickets: every status, the three wizard ticket types, 1 to 4 comments each.
const demoSupportTickets: DemoSupportTicket[] = [
  {
    customer: 'UNG',
    requester: 'admin@northgate.example',
    issue: 'flapping',
    services: [0],
    status: 'open',
    createdHours: -26,
    description: 'The link has dropped and recovered eleven times since 6 am; users report short outages.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>The link has dropped and recovered <strong>eleven times</strong> since 6 am.</p><p>Users on the main campus report short outages.</p>',
      },
      {
        from: 'noc',
        afterHours: 1,
        html: '<p>Thanks Alex. We can see the interface flapping on our side as well.</p><p>Field Services will check the patch at the PoP this afternoon.</p>',
      },
      {
        from: 'requester',
        afterHours: 3,
        html: '<p>Thanks, our comms room is open until 5 pm if you need access at our end.</p>',
      },
    ],
  },
  {
    customer: 'UNG',
    requester: 'admin@northgate.example',
    issue: 'speed',
    services: [1, 2],
    status: 'new',
    createdHours: -2,
    description: 'Throughput tests top out at about 300 Mb/s on both links since this morning.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>Throughput tests top out at about 300 Mb/s on both links since this morning.</p><ul><li>iperf from the library: 310 Mb/s</li><li>iperf from the data centre: 295 Mb/s</li></ul>',
      },
    ],
  },
  {
    customer: 'UNG',
    requester: 'user@northgate.example',
    issue: 'query',
    services: [],
    topic: 'Adding a second contact for the library',
    status: 'pending',
    createdHours: -74,
    description: 'How do we add a second primary contact for the library site?',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>How do we add a second primary contact for the library site?</p>',
      },
      {
        from: 'noc',
        afterHours: 4,
        html: '<p>Hi Sam, a site has one primary contact; a second person can be its secondary contact.</p><p>Shall we set that up for you? Please send us their name and mobile number.</p>',
      },
    ],
  },
  {
    customer: 'UNG',
    requester: 'admin@northgate.example',
    issue: 'worksnotify',
    services: [3],
    status: 'hold',
    createdHours: -144,
    works: [120, 124],
    description: 'Electrical works in our comms room will power down the CPE for up to four hours.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>Electrical works in our comms room will power down the CPE for up to four hours.</p>',
      },
      {
        from: 'noc',
        afterHours: 2,
        html: '<p>Noted, thanks. We will suppress alarms for the service during the window.</p>',
      },
      {
        from: 'requester',
        afterHours: 30,
        html: '<p>The electrician has asked to move the works; we will confirm the new date.</p>',
      },
      {
        from: 'noc',
        afterHours: 31,
        html: '<p>No problem. This ticket is on hold until we hear from you.</p>',
      },
    ],
  },
  {
    customer: 'UNG',
    requester: 'user@northgate.example',
    issue: 'packetloss',
    services: [4],
    status: 'solved',
    createdHours: -480,
    description: 'About 2% packet loss to the research cluster during the day.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>About 2% packet loss to the research cluster during the day.</p>',
      },
      {
        from: 'noc',
        afterHours: 2,
        html: '<p>We found errors on the optic at our end and will replace it tonight.</p>',
      },
      { from: 'noc', afterHours: 14, html: '<p>Optic replaced. Error counters are clean since 11 pm.</p>' },
      {
        from: 'requester',
        afterHours: 20,
        html: '<p>Confirmed, no loss today. Thanks for the quick fix.</p>',
      },
    ],
  },
  {
    customer: 'UNG',
    requester: 'admin@northgate.example',
    issue: 'portal',
    services: [],
    topic: 'Service report export',
    status: 'solved',
    createdHours: -960,
    description: 'The service report export stops part-way for our larger sites.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>The service report export stops part-way for our larger sites.</p>',
      },
      {
        from: 'noc',
        afterHours: 26,
        html: "<p>Fixed in this week's release. Thanks for letting us know.</p>",
      },
    ],
  },
  {
    customer: 'EBH',
    requester: 'admin@eastbrook.example',
    issue: 'outage',
    services: [0],
    status: 'open',
    createdHours: -0.25,
    description: 'The clinic link has been down since the works at the Eastbrook PoP started.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>The clinic link has been down since the works at the Eastbrook PoP started.</p>',
      },
      {
        from: 'noc',
        afterHours: 0.2,
        html: '<p>Hi Jordan, this is the scheduled line card replacement. The link should be back within the hour.</p>',
      },
    ],
  },
  {
    customer: 'EBH',
    requester: 'admin@eastbrook.example',
    issue: 'query',
    services: [],
    topic: 'Upgrade of the hospital link to 10G',
    status: 'pending',
    createdHours: -100,
    description: 'What would it take to upgrade the main hospital link to 10G?',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>What would it take to upgrade the main hospital link to 10G?</p>',
      },
      {
        from: 'noc',
        afterHours: 5,
        html: '<p>We can do that with a new optic at each end. Our account team will send a quote.</p>',
      },
    ],
  },
  {
    customer: 'EBH',
    requester: 'admin@eastbrook.example',
    issue: 'worksnotify',
    services: [2],
    status: 'new',
    createdHours: -20,
    works: [72, 75],
    description: 'Our building team will replace the rack in the basement comms room.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>Our building team will replace the rack in the basement comms room.</p><p>Expect the service to be down for up to three hours.</p>',
      },
    ],
  },
  {
    customer: 'EBH',
    requester: 'admin@eastbrook.example',
    issue: 'flapping',
    services: [3],
    status: 'solved',
    createdHours: -290,
    description: 'The link to the pathology lab keeps dropping for a few seconds at a time.',
    comments: [
      {
        from: 'requester',
        afterHours: 0,
        html: '<p>The link to the pathology lab keeps dropping for a few seconds at a time.</p>',
      },
      {
        from: 'noc',
        afterHours: 3,
        html: '<p>A dirty connector on our patch panel. Cleaned and re-seated; the link is stable now.</p>',
      },
      { from: 'requester', afterHours: 48, html: '<p>Stable for two days. Please close the ticket.</p>' },
    ],
  },
];

// The technician's jobs, at the provider's PoPs (by PoP, in site number order); some scheduled in the
// coming days, one under way (its PoP is where the technician is checked in now), one done.
const demoJobs = [
  {
    pop: 0,
    subject: 'Label the new cross-connects',
    status: 'open',
    createdHours: -50,
    scheduledHours: -1,
    description: 'Label the twelve cross-connects patched last week, as per the attached register.',
  },
  {
    pop: 1,
    subject: 'Replace the fan tray in the core router',
    status: 'open',
    createdHours: -6,
    scheduledHours: 22,
    description: 'The fan tray of the core router reports a failed fan. The spare is in the PoP store.',
  },
  {
    pop: 2,
    subject: 'Patch a new service at the PoP',
    status: 'new',
    createdHours: -3,
    scheduledHours: 46,
    description: 'Patch ODF-03 port 14 to the PE, 1000Base-LX. The customer end is already in place.',
  },
  {
    pop: 3,
    subject: 'Clean and inspect ODF-07 connectors',
    status: 'pending',
    createdHours: -30,
    scheduledHours: 96,
    description:
      'Rising insertion loss on ODF-07. Clean and inspect every connector and record the readings.',
  },
  {
    pop: 4,
    subject: 'Escort the generator test',
    status: 'solved',
    createdHours: -240,
    scheduledHours: -150,
    description: 'Escort the building contractor for the quarterly generator test.',
  },
] as const;

// Site access requests at UNG's sites (those that need a notice or a form, in site number order).
const demoAccess = [
  {
    site: 0,
    status: 'open',
    createdHours: -20,
    accessHours: 44,
    reason: 'Scheduled Works Access',
    ticketNumber: 4312,
    emergency: false,
    serviceAffecting: true,
    technician: 'Chris Walker',
    details: 'Re-splice of the campus route (ticket 4312). Access to the comms room and the pit outside.',
  },
  {
    site: 1,
    status: 'new',
    createdHours: -1,
    accessHours: 2,
    reason: 'Outage Investigation',
    ticketNumber: 4211,
    emergency: true,
    serviceAffecting: false,
    technician: 'Dana Brooks',
    details: 'Investigating the fibre cut on the Northgate ring. Access to the basement riser.',
  },
  {
    site: 2,
    status: 'solved',
    createdHours: -230,
    accessHours: -212,
    reason: 'Preventative Maintenance',
    ticketNumber: null,
    emergency: false,
    serviceAffecting: false,
    technician: 'Chris Walker',
    details: 'Quarterly inspection of the CPE and the patch panel.',
  },
] as const;

export async function seedSupport(db: Db, size: SupportSize, now: Date): Promise<SeededSupport> {
  // The history first: its tickets take the numbers from 10,001 in date order.
  const history = await seedTicketHistory(db, size.ticketHistory, now);
  const checkinHistory = await seedCheckinHistory(db, size.checkinHistory, now);
  const demo = await seedDemoSupport(db, now);
  // The built-in store numbers new tickets after every seeded one (and from 10,000 at the least).
  await db.execute(
    sql`select setval('tickets_ticket_id_seq', greatest((select max(ticket_id) from tickets), 10000))`,
  );
  return {
    tickets: demo.tickets + history.tickets,
    ticketComments: demo.comments + history.comments,
    accessRequests: demo.accessRequests + history.accessRequests,
    checkins: demo.checkins + checkinHistory,
    ticketHistory: history.tickets,
    checkinHistory,
  };
}

async function seedDemoSupport(db: Db, now: Date) {
  const at = (hours: number) => new Date(now.getTime() + hours * hour);
  const codes = await db
    .select({ id: customers.customerId, code: customers.customerCode, isProvider: customers.isProvider })
    .from(customers)
    .where(inArray(customers.customerCode, ['UNG', 'EBH', 'MRN']));
  const customerId = new Map(codes.map((c) => [c.code, c.id]));
  const ung = customerId.get('UNG');
  const ebh = customerId.get('EBH');
  const provider = codes.find((c) => c.isProvider)?.id;
  if (!ung || !ebh || !provider) return { tickets: 0, comments: 0, accessRequests: 0, checkins: 0 };

  const people = await db
    .select({ id: users.userId, email: users.email, firstname: users.firstname, surname: users.surname })
    .from(users)
    .where(
      inArray(users.email, [
        'noc@meridian.example',
        'tech@meridian.example',
        'eng@meridian.example',
        'admin@northgate.example',
        'user@northgate.example',
        'admin@eastbrook.example',
      ]),
    );
  const person = (email: string) => {
    const found = people.find((p) => p.email === email)!;
    return { ...found, name: `${found.firstname} ${found.surname}` };
  };
  const noc = person('noc@meridian.example');
  const tech = person('tech@meridian.example');
  const eng = person('eng@meridian.example');

  const enabledServices = await db
    .select({ serviceId: services.serviceId, customerId: services.customerId })
    .from(services)
    .where(and(inArray(services.customerId, [ung, ebh]), ne(services.status, 0)))
    .orderBy(asc(services.serviceId));
  const serviceIdsOf = (id: number) =>
    enabledServices.filter((s) => s.customerId === id).map((s) => s.serviceId);
  const servicesBy = { UNG: serviceIdsOf(ung), EBH: serviceIdsOf(ebh) };

  const physicalSites = await db
    .select({
      siteId: sites.siteId,
      customerId: sites.customerId,
      siteNumber: sites.siteNumber,
      siteName: sites.siteName,
      accessType: sites.accessType,
    })
    .from(sites)
    .where(and(inArray(sites.customerId, [ung, provider]), eq(sites.siteType, 1), eq(sites.status, 1)))
    .orderBy(asc(sites.siteNumber));
  const pops = physicalSites.filter((s) => s.customerId === provider);
  const ungSites = physicalSites.filter((s) => s.customerId === ung);
  // Sites whose access type asks for a request (mandatory or courtesy e-mail, or a form) come first.
  const accessSites = [
    ...ungSites.filter((s) => [1, 2, 4].includes(s.accessType)),
    ...ungSites.filter((s) => ![1, 2, 4].includes(s.accessType)),
  ];

  const ticketRows: (typeof tickets.$inferInsert)[] = [];
  const commentRows: (typeof ticketComments.$inferInsert)[] = [];
  const addComments = (
    ticketId: number,
    created: Date,
    comments: readonly DemoComment[],
    authors: Record<DemoComment['from'], { id: number | null; name: string }>,
  ) => {
    let last = created;
    for (const comment of comments) {
      last = new Date(Math.min(created.getTime() + comment.afterHours * hour, now.getTime()));
      const author = authors[comment.from];
      commentRows.push({
        ticketId,
        author: author.name,
        authorUserId: author.id,
        htmlBody: comment.html,
        createdAt: last,
      });
    }
    return last;
  };
  const nocDesk = { id: null, name: 'NOC' };

  for (const [i, t] of demoSupportTickets.entries()) {
    const ticketId = demoNumbers.support + i;
    const created = at(t.createdHours);
    const requester = person(t.requester);
    const serviceIds = t.services.flatMap((n) => servicesBy[t.customer][n] ?? []);
    const startTime = t.works
      ? at(t.works[0])
      : t.issue === 'query' || t.issue === 'portal'
        ? null
        : at(t.createdHours - 1);
    const updated = addComments(ticketId, created, t.comments, {
      requester: { id: requester.id, name: requester.name },
      noc: nocDesk,
      tech: nocDesk,
    });
    ticketRows.push({
      ticketId,
      customerId: t.customer === 'UNG' ? ung : ebh,
      requester: t.requester,
      subject: wizardSubject(t.issue, startTime ?? created, serviceIds, t.topic),
      description: t.description,
      ticketType: ticketTypeOf(t.issue),
      status: t.status,
      services: serviceIds,
      startTime,
      endTime: t.works ? at(t.works[1]) : null,
      createdBy: requester.id,
      kind: 'support',
      createdAt: created,
      updatedAt: updated,
    });
  }

  for (const [i, job] of demoJobs.entries()) {
    const pop = pops[job.pop % pops.length]!;
    const ticketId = demoNumbers.job + i;
    const created = at(job.createdHours);
    const comments: DemoComment[] = [
      { from: 'noc', afterHours: 0, html: `<p>${job.description}</p>` },
      ...(job.status === 'pending'
        ? [
            {
              from: 'tech' as const,
              afterHours: 2,
              html: '<p>Waiting on a new inspection scope from the store.</p>',
            },
          ]
        : []),
      ...(job.status === 'solved'
        ? [
            {
              from: 'tech' as const,
              afterHours: 92,
              html: '<p>Test completed; the generator took the load in 9 seconds.</p>',
            },
            { from: 'noc' as const, afterHours: 93, html: '<p>Thanks Tom, closing the job.</p>' },
          ]
        : []),
    ];
    const updated = addComments(ticketId, created, comments, {
      requester: { id: noc.id, name: noc.name },
      noc: { id: noc.id, name: noc.name },
      tech: { id: tech.id, name: tech.name },
    });
    ticketRows.push({
      ticketId,
      customerId: provider,
      requester: noc.email,
      subject: `${job.subject} - ${pop.siteName}`,
      description: job.description,
      ticketType: 'task',
      status: job.status,
      services: [],
      startTime: at(job.scheduledHours),
      createdBy: noc.id,
      kind: 'job',
      siteId: pop.siteId,
      assigneeUserId: tech.id,
      createdAt: created,
      updatedAt: updated,
    });
  }

  const admin = person('admin@northgate.example');
  const accessRows: (typeof siteAccessRequests.$inferInsert)[] = [];
  for (const [i, request] of demoAccess.entries()) {
    const site = accessSites[request.site % accessSites.length];
    if (!site) break;
    const ticketId = demoNumbers.access + i;
    const created = at(request.createdHours);
    const accessTime = at(request.accessHours);
    const summary =
      `<p><strong>Site access request</strong> for ${site.siteName} (${site.siteNumber}).</p>` +
      `<ul><li>Technician: ${request.technician}</li><li>Reason: ${request.reason}</li>` +
      `<li>Emergency: ${request.emergency ? 'yes' : 'no'}</li>` +
      `<li>Service affecting: ${request.serviceAffecting ? 'yes' : 'no'}</li></ul><p>${request.details}</p>`;
    const comments: DemoComment[] = [
      { from: 'requester', afterHours: 0, html: summary },
      ...(request.status === 'solved'
        ? [
            {
              from: 'noc' as const,
              afterHours: 2,
              html: '<p>Access approved. Security has the visit on file.</p>',
            },
            { from: 'noc' as const, afterHours: 20, html: '<p>Visit completed; closing the request.</p>' },
          ]
        : []),
    ];
    const updated = addComments(ticketId, created, comments, {
      requester: { id: admin.id, name: admin.name },
      noc: nocDesk,
      tech: nocDesk,
    });
    ticketRows.push({
      ticketId,
      customerId: ung,
      requester: admin.email,
      // The subject the portal writes for a real request; UTC, like shortDate, so every machine agrees.
      subject: accessSubject(
        { sitenumber: site.siteNumber, sitename: site.siteName },
        { datetime: accessTime.getTime() / 1000, truncatename: false, emergency: request.emergency },
        'UTC',
      ),
      description: request.details,
      ticketType: 'task',
      status: request.status,
      services: [],
      startTime: accessTime,
      createdBy: admin.id,
      kind: 'access',
      siteId: site.siteId,
      createdAt: created,
      updatedAt: updated,
    });
    accessRows.push({
      ticketId,
      siteId: site.siteId,
      customerId: ung,
      requestedBy: admin.id,
      accessType: site.accessType,
      technician: request.technician,
      accessTime,
      reason: request.reason,
      ticketNumber: request.ticketNumber,
      emergency: request.emergency,
      serviceAffecting: request.serviceAffecting,
      details: request.details,
      createdAt: created,
    });
  }

  await db.insert(tickets).values(ticketRows);
  await db.insert(ticketComments).values(commentRows);
  if (accessRows.length > 0) await db.insert(siteAccessRequests).values(accessRows);

  // The technician is at the PoP of the job under way now; before that, visits by the technician and
  // the engineer over the past five weeks, each closed after 40 minutes to 4 hours.
  const checkinRows: (typeof siteCheckins.$inferInsert)[] = [];
  if (pops.length > 0) {
    checkinRows.push({
      userId: tech.id,
      siteId: pops[0]!.siteId,
      checkinTime: at(-1.5),
      createdAt: at(-1.5),
    });
    for (let n = 0; n < 16; n += 1) {
      const who = n % 3 === 2 ? eng : tech;
      const start = at(-24 * (2 + n * 2) - 8 + (n % 4));
      const site = pops[(n * 3 + 1) % pops.length]!;
      checkinRows.push({
        userId: who.id,
        siteId: site.siteId,
        checkinTime: start,
        checkoutTime: new Date(start.getTime() + (40 + ((n * 37) % 200)) * 60_000),
        createdAt: start,
      });
    }
    await db.insert(siteCheckins).values(checkinRows);
  }
  return {
    tickets: ticketRows.length,
    comments: commentRows.length,
    accessRequests: accessRows.length,
    checkins: checkinRows.length,
  };
}

// Literal text arrays for the SQL below, one parameter per element.
const textArray = (items: readonly string[]): SQL =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;

// Four independent pseudo-random values (0 to 65,535) per row number: multiplicative hashes, so the
// history is the same on every run and on PGlite and PostgreSQL alike (no random()).
const hashes = (g: SQL) => sql`
  ((${g}::bigint * 2654435761 % 4294967296) / 65536)::int as r1,
  ((${g}::bigint * 2246822519 % 4294967296) / 65536)::int as r2,
  ((${g}::bigint * 3266489917 % 4294967296) / 65536)::int as r3,
  ((${g}::bigint * 668265263 % 4294967296) / 65536)::int as r4`;

const fiveYearsSeconds = 5 * 365 * 86_400;

// Issue types in the order of the arrays below; 0 to 3 are incidents, 4 and 5 questions, 6 a task.
const historyIssues: IssueType[] = [
  'outage',
  'flapping',
  'speed',
  'packetloss',
  'query',
  'portal',
  'worksnotify',
];
const historyDescriptions = [
  'The service is down; no light from the provider side.',
  'The link drops and recovers every few minutes.',
  'Throughput is well below the contracted speed.',
  'Monitoring shows packet loss on the link during business hours.',
  'A question about our services and contacts.',
  'A question about the portal.',
  'Works at our site will take the service down during the window.',
];
const historyTopics = [
  'Invoice for last month',
  'Adding a site contact',
  'Change of technical contact',
  'Upgrade options',
  'Report export',
  'Password reset e-mail',
];
const historyJobs = [
  'Replace a failed optic',
  'Patch a new service',
  'Clean and inspect connectors',
  'Escort a contractor',
  'Replace the CPE',
  'Audit the rack',
];
const technicians = ['Chris Walker', 'Dana Brooks', 'Lee Nguyen', 'Sam Patel', 'Robin Hart', 'Alex Chen'];
const nocReplies = [
  '<p>Thanks, we are looking into it.</p>',
  '<p>Field Services have been dispatched.</p>',
  '<p>We found the cause and fixed it. Please confirm on your side.</p>',
  '<p>Approved. Security has the visit on file.</p>',
  '<p>Noted; alarms will be suppressed during the window.</p>',
];
const requesterReplies = [
  '<p>Thanks, confirmed working.</p>',
  '<p>All good on our side now.</p>',
  '<p>Thank you. Please close the ticket.</p>',
];
const technicianReplies = [
  '<p>Done on site; readings recorded.</p>',
  '<p>Completed. Spares used: one optic.</p>',
  '<p>Finished; photos in the job folder.</p>',
];

// Five years of tickets (national: 50,000) across the customers, in date order: support tickets in
// the wizard's subject format, one in ten a site access request (with its request row) and one in
// ten a technician's job at a customer site. Older than 30 days is nearly always solved. Every
// ticket has 1 to 3 comments (2 on average) and is last updated by its last comment.
async function seedTicketHistory(db: Db, count: number, now: Date) {
  const none = { tickets: 0, comments: 0, accessRequests: 0 };
  if (count === 0) return none;
  const [nocUser] = await db
    .select({ id: users.userId, email: users.email })
    .from(users)
    .where(eq(users.email, 'noc@meridian.example'));
  if (!nocUser) return none;
  const base = await currentTicketBase(db);
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    insert into tickets (ticket_id, customer_id, requester, subject, description, ticket_type, status,
      services, created_by, kind, site_id, assignee_user_id, start_time, end_time, created_at, updated_at)
    with eligible as (
      select c.customer_id, (row_number() over (order by c.customer_id))::int - 1 as n,
             p.emails, p.ids as user_ids, s.ids as service_ids, st.ids as site_ids
      from customers c
      join (select customer_id, array_agg(email order by user_id) as emails,
                   array_agg(user_id order by user_id) as ids
            from users where type in (4, 5) group by customer_id) p using (customer_id)
      join (select customer_id, array_agg(service_id order by service_id) as ids
            from services where status <> 0 group by customer_id) s using (customer_id)
      join (select customer_id, array_agg(site_id order by site_id) as ids
            from sites where site_type = 1 group by customer_id) st using (customer_id)
      where not c.is_provider
    ),
    techs as (
      select array_agg(u.user_id order by u.user_id) as ids
      from users u join customers c using (customer_id) where c.is_provider and u.type = 2
    ),
    numbered as (
      select g, ${base}::int + g as ticket_id, ${hashes(sql`g`)},
             ${nowParam} - ((${fiveYearsSeconds}::bigint * (${count}::int - g + 1)) / ${count}::int
               + g::bigint * 40503 % 3600) * interval '1 second' as created,
             case g % 10 when 3 then 'access' when 7 then 'job' else 'support' end as kind
      from generate_series(1, ${count}::int) g
    ),
    picked as (
      select n.*, e.customer_id,
             e.emails[1 + n.r2 % cardinality(e.emails)] as person_email,
             e.user_ids[1 + n.r2 % cardinality(e.user_ids)] as person_id,
             e.service_ids[1 + n.r3 % cardinality(e.service_ids)] as service_a,
             e.service_ids[1 + (n.r3 + 1) % cardinality(e.service_ids)] as service_b,
             e.site_ids[1 + n.r3 % cardinality(e.site_ids)] as site_id,
             (n.r4 % 7)::int as issue,
             techs.ids[1 + n.r2 % cardinality(techs.ids)] as tech_id
      from numbered n
      join eligible e on e.n = n.r1 % (select count(*) from eligible)
      cross join techs
    ),
    described as (
      select p.*, st.site_name, st.site_number,
             case when p.issue in (4, 5) then '{}'::text[]
                  when (p.issue = 6 or p.r3 % 4 = 0) and p.service_a <> p.service_b
                    then array[p.service_a, p.service_b]
                  else array[p.service_a] end as service_list,
             case when p.kind = 'access' then p.created + (24 + p.r3 % 8) * interval '1 hour'
                  when p.kind = 'job' then p.created + 48 * interval '1 hour'
                  when p.issue = 6 then p.created + 7 * interval '1 day'
                  when p.issue in (4, 5) then null
                  else p.created - interval '1 hour' end as start_time
      from picked p
      left join sites st on st.site_id = p.site_id and p.kind <> 'support'
    )
    select d.ticket_id, d.customer_id,
           case when d.kind = 'job' then ${nocUser.email} else d.person_email end,
           case d.kind
             -- The form of accessSubject in the domain; every 23rd is an emergency, as in site_access_requests below.
             when 'access' then '[SITE ACCESS] '
                                || case when d.ticket_id % 23 = 0 then '[EMERGENCY] ' else '' end
                                || d.site_number || ' ' || d.site_name || ' - '
                                || to_char(d.start_time at time zone 'UTC', 'DD/MM/YY')
             when 'job' then (${textArray(historyJobs)})[1 + d.r4 % ${historyJobs.length}] || ' - ' || d.site_name
             else (${textArray(historyIssues.map((i) => prefixes[i]))})[1 + d.issue] || ' '
                  || to_char(coalesce(d.start_time, d.created) at time zone 'UTC', 'DD/MM/YY') || ' - '
                  || case when d.issue in (4, 5)
                       then (${textArray(historyTopics)})[1 + d.r3 % ${historyTopics.length}]
                       else array_to_string(d.service_list, ', ') end
           end,
           case d.kind
             when 'access' then (${textArray(accessReasons)})[1 + d.r4 % ${accessReasons.length}]
                                || ': access for a technician.'
             when 'job' then 'Job for Field Services at ' || d.site_name || '.'
             else (${textArray(historyDescriptions)})[1 + d.issue]
           end,
           case when d.kind <> 'support' or d.issue = 6 then 'task'
                when d.issue in (4, 5) then 'question' else 'incident' end,
           case when d.created < ${nowParam} - interval '30 days'
                  then case when d.g % 97 = 0 then 'hold' when d.g % 89 = 0 then 'pending' else 'solved' end
                else (array['new', 'open', 'pending', 'hold', 'solved'])[1 + (d.r4 / 7) % 5] end,
           case when d.kind = 'support' then d.service_list else '{}'::text[] end,
           case when d.kind = 'job' then ${nocUser.id}::int else d.person_id end,
           d.kind,
           case when d.kind = 'support' then null else d.site_id end,
           case when d.kind = 'job' then d.tech_id end,
           d.start_time,
           case when d.kind = 'job' then d.start_time + interval '3 hours'
                when d.kind = 'support' and d.issue = 6 then d.start_time + interval '4 hours' end,
           d.created,
           least(${nowParam}, d.created + (d.ticket_id % 3) * interval '3 hours')
    from described d`);

  // 1 + ticket_id % 3 comments: the requester's opening, a reply (the NOC's, or the technician's on a
  // job), then the requester again; each three hours after the one before.
  await db.execute(sql`
    insert into ticket_comments (ticket_id, author, author_user_id, html_body, created_at)
    select t.ticket_id,
           case when c.n = 2 and t.kind = 'job' then a.firstname || ' ' || a.surname
                when c.n = 2 then 'NOC'
                else u.firstname || ' ' || u.surname end,
           case when c.n = 2 and t.kind = 'job' then a.user_id when c.n = 2 then null else u.user_id end,
           case when c.n = 1 then '<p>' || t.description || '</p>'
                when c.n = 2 and t.kind = 'job'
                  then (${textArray(technicianReplies)})[1 + t.ticket_id % ${technicianReplies.length}]
                when c.n = 2 then (${textArray(nocReplies)})[1 + t.ticket_id % ${nocReplies.length}]
                else (${textArray(requesterReplies)})[1 + t.ticket_id % ${requesterReplies.length}] end,
           least(${nowParam}, t.created_at + (c.n - 1) * interval '3 hours')
    from tickets t
    join users u on u.user_id = t.created_by
    left join users a on a.user_id = t.assignee_user_id
    join (values (1), (2), (3)) as c(n) on c.n <= 1 + t.ticket_id % 3
    where t.ticket_id > ${base}::int and t.ticket_id <= ${base + count}::int
    order by t.ticket_id, c.n`);

  await db.execute(sql`
    insert into site_access_requests (ticket_id, site_id, customer_id, requested_by, access_type,
      technician, access_time, reason, emergency, service_affecting, details, created_at)
    select t.ticket_id, t.site_id, t.customer_id, t.created_by, s.access_type,
           (${textArray(technicians)})[1 + t.ticket_id % ${technicians.length}],
           t.start_time, split_part(t.description, ':', 1), t.ticket_id % 23 = 0, t.ticket_id % 7 = 0,
           'Access for a technician; see the ticket.', t.created_at
    from tickets t join sites s on s.site_id = t.site_id
    where t.kind = 'access' and t.ticket_id > ${base}::int and t.ticket_id <= ${base + count}::int
    order by t.ticket_id`);

  // What was written, counted rather than assumed (a customer without users, services or sites
  // takes no tickets).
  const [written] = await rows<{ tickets: number; comments: number; access: number }>(
    db,
    sql`select (select count(*) from tickets where ticket_id > ${base}::int)::int as tickets,
               (select count(*) from ticket_comments where ticket_id > ${base}::int)::int as comments,
               (select count(*) from site_access_requests where ticket_id > ${base}::int)::int as access`,
  );
  return { tickets: written!.tickets, comments: written!.comments, accessRequests: written!.access };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function currentTicketBase(db: Db): Promise<number> {
  const [row] = await rows<{ base: number }>(
    db,
    sql`select greatest(coalesce(max(ticket_id), 0), 10000)::int as base from tickets`,
  );
  return Number(row!.base);
}

// Five years of closed check-ins (national: 20,000) by the provider's staff, three in four by
// technicians, at enabled physical sites, each 15 minutes to 4 hours long and over a day ago.
async function seedCheckinHistory(db: Db, count: number, now: Date) {
  if (count === 0) return 0;
  await db.execute(sql`
    insert into site_checkins (user_id, site_id, checkin_time, checkout_time, created_at)
    with staff as (
      select array_agg(u.user_id order by u.user_id) as everyone,
             array_agg(u.user_id order by u.user_id) filter (where u.type = 2) as techs
      from users u join customers c using (customer_id) where c.is_provider and u.type in (1, 2, 3)
    ),
    places as (select array_agg(site_id order by site_id) as ids from sites where site_type = 1 and status = 1),
    numbered as (
      select g, ${hashes(sql`g`)},
             ${now.toISOString()}::timestamptz - interval '1 day'
               - ((${fiveYearsSeconds}::bigint * (${count}::int - g + 1)) / ${count}::int
                  + g::bigint * 7919 % 28800) * interval '1 second' as checkin
      from generate_series(1, ${count}::int) g
    )
    select case when n.r1 % 4 = 0 or s.techs is null then s.everyone[1 + n.r2 % cardinality(s.everyone)]
                else s.techs[1 + n.r2 % cardinality(s.techs)] end,
           p.ids[1 + n.r3 % cardinality(p.ids)],
           n.checkin, n.checkin + (15 + n.r4 % 226) * interval '1 minute', n.checkin
    from numbered n cross join staff s cross join places p`);
  const [written] = await rows<{ n: number }>(db, sql`select count(*)::int as n from site_checkins`);
  return written!.n;
}
