import { type FaqCreate, faqCreateSchema } from '@lightpath/domain/faq';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { faqArticles } from '../schema/faq';

// The knowledge base a new installation starts with: what customers of a research and education
// network ask first. Plain text, paragraphs separated by blank lines, as the editor writes them.
const articles: FaqCreate[] = [
  {
    title: 'How do I read the condition of a service?',
    tags: ['services', 'conditions', 'getting-started'],
    body: `Every service in the portal shows a condition worked out from the network events that are current at that moment. It tells you what the network expects of the service right now, not how much traffic it carries.

Normal (green): no event touches the service.

Maintenance (blue): the service is inside Scheduled Works. Expect it to be down for some or all of the works window.

At-Risk (yellow): the service is inside a Planned Hazard Window. It should stay up, but a fault during the works could take it down, and it may run without its usual protection path.

Offline (red): an unplanned outage affects the service. The NOC is working on it; the event page shows the latest update.

When more than one event applies, the worst wins: an outage outranks works, and works outrank a hazard window. Open the service and look at its Events panel to see which event set the condition.`,
  },
  {
    title: 'What do the site conditions mean?',
    tags: ['sites', 'conditions'],
    body: `A site's condition sums up the services that have an end at the site.

Online: no service at the site is affected by a current event.

Some services in scheduled works, in a hazard window, or hit by an outage: part of the site is affected and the rest is running normally.

All services in a hazard window: every service at the site is at risk but still expected to run.

Offline due to scheduled works, or offline due to a network outage: every service at the site is down.

A VPLS network counts as fully affected when all of its members but one are affected, because a single remaining member has nothing left to talk to. A disabled site shows as Disabled whatever its services are doing.`,
  },
  {
    title: 'Scheduled Works vs Planned Hazard Window',
    tags: ['events', 'maintenance', 'scheduled-works', 'hazard-window'],
    body: `Scheduled Works is planned maintenance during which the listed services will lose service. Plan around it: move traffic, warn your users, and expect an outage up to the full length of the window.

A Planned Hazard Window is planned work near your services, such as fibre works in the same pit or a change on a shared device, where service is expected to continue but is at risk. Your service may run without redundancy while the work is done, and a mishap could cause an outage.

Both appear under Events, Scheduled Events, with their start and end times, the services and sites affected, and a reference number. Unplanned outages are listed separately under Network Outages. After an event has finished it moves to Past Outages.

If a window clashes with something important on your side (exams, a clinical system change, a research run), raise a ticket of type Query quoting the event's reference number as early as you can.`,
  },
  {
    title: 'How do I subscribe to the maintenance calendar?',
    tags: ['calendar', 'maintenance', 'events', 'company-admin'],
    body: `Your organisation can follow its Scheduled Works and Planned Hazard Windows in any calendar application that subscribes to iCalendar feeds (Outlook, Google Calendar, Apple Calendar, Thunderbird).

A company administrator opens Administration, Company Settings and creates the calendar link in the Maintenance calendar panel. Copy the link and add it to your calendar as a subscription ("Add calendar from URL" or "Subscribe to calendar"), not as a one-off import, so that changes and cancellations follow automatically.

The link is private to your organisation and anyone who has it can read the feed. If it leaks, replace it in the same panel: the old link stops working at once.

The feed carries the standard maintenance properties, so tools that understand maintenance notifications can read the affected services and the status of each window.`,
  },
  {
    title: 'How do I get notified about events on my services?',
    tags: ['notifications', 'events', 'services'],
    body: `Open Services, Notifications and subscribe to the services you care about. When the NOC publishes an event that affects one of them, the subscribed users receive the notice by e-mail, and by SMS where your organisation has that enabled.

Each service should have at least one subscriber. The dashboard lists services without a subscriber under items needing attention, so nothing slips through when staff change.

Your organisation's site contacts also receive notices for events that affect their sites, so keep them up to date under Contacts.`,
  },
  {
    title: 'How do I raise a support ticket?',
    tags: ['tickets', 'support', 'getting-started'],
    body: `Choose Support, New Ticket and pick the kind of issue: outage, flapping, speed, packet loss, portal, a general query, or notice of works on your side. The wizard asks only for what the NOC needs for that kind of issue.

Name the affected services. Up to three service ids appear in the ticket's subject; more are listed in the ticket itself. If you report an outage on a service that the network sees as up, or flapping or a speed issue on one it sees as down, the wizard tells you: check that you have picked the right service before sending.

Describe what you see, since when, and what you have already tried. Times, traceroutes and interface counters from your side shorten the investigation considerably.

When the ticket is created you see its number. Follow it and add comments under Support, Tickets; replies from the NOC also arrive by e-mail.`,
  },
  {
    title: 'What should I check before reporting an outage?',
    tags: ['tickets', 'outage', 'troubleshooting'],
    body: `First look at Events, Network Outages and Scheduled Events: if an event already covers your service, the NOC knows, and the event page carries the latest update.

Then open the service. The link status shows whether the network sees each end up, the traffic chart shows when traffic stopped, and the light levels show whether light is arriving at each end.

On your side, check the handoff port, the cable or patch lead and the optic in your equipment, and whether anything changed recently. A port shut by a change on your router is the commonest cause of an outage that the network does not see.

If the service is still down, raise an outage ticket and include the time it stopped and what you have checked.`,
  },
  {
    title: 'How do I read light levels?',
    tags: ['light-levels', 'optics', 'troubleshooting', 'services'],
    body: `The Light levels panel on a service page shows the optical power, in dBm, that the provider's equipment transmits (Tx) and receives (Rx) at each end of the service.

dBm is a logarithmic scale: 0 dBm is one milliwatt, and every 3 dB less is half the power. Numbers are usually negative, so -5 dBm is stronger than -15 dBm.

A healthy receive level sits comfortably inside the optic's range, typically between about -3 and -20 dBm for common long-reach optics. Levels close to the optic's lower limit mean dirty connectors, a damaged patch lead or a long fibre path; a reading around -40 dBm or no reading usually means no light is arriving at all.

A sudden drop compared with the service's usual level is the most telling sign. Clean and reseat connectors on your side first, then raise a ticket with the readings you see on your equipment.`,
  },
  {
    title: 'What do Available, Nearing Capacity and At Capacity mean?',
    tags: ['usage', 'capacity', 'services'],
    body: `The utilisation meter on a service compares recent traffic with the service's speed, in each direction.

Available: both directions are at 80% or less.

Nearing Capacity: either direction is above 80%. Keep an eye on growth and talk to us before it becomes a problem.

At Capacity: either direction is above 85%. Users are likely to notice congestion at busy times; consider an upgrade or moving traffic to another service.

The figure is an average over the recent interval, so short bursts above the line may not show. The traffic chart on the same page shows the last six hours in bits per second (Mb/s or Gb/s), the same measure utilisation is computed against.`,
  },
  {
    title: 'How do I request access to a site?',
    tags: ['site-access', 'sites', 'field-work'],
    body: `Access to the provider's sites and to many customer sites must be arranged in advance. Choose Sites, Site Access Request (or the button on the site's page) and follow the three steps: describe the visit, confirm the preflight, then read the summary.

Each site has an access type that says what is needed. Some need no request at all, some need an e-mail notification to the site owner, some are requested through the site owner's own system, and some need the owner's access form, which you attach in the first step.

Pick the reason for the visit (preventative maintenance, maintenance works, scheduled works access, outage investigation or outage restoration works) and the details are filled in for you to adjust. Give the date and time, and the technician's name.

The request becomes a ticket, so you can follow its progress under Support, Tickets.`,
  },
  {
    title: 'Checking in and out of a site',
    tags: ['check-in', 'sites', 'field-work', 'safety'],
    body: `Anyone working at a point of presence checks in when they arrive and checks out when they leave. The NOC then knows who is on site if an alarm goes off, and nobody is left unaccounted for after hours.

Choose Sites, Site Check-In, pick the site and confirm. The same button becomes Check-out while you have an open check-in at that site. It works on a phone, so do it at the door.

If you forget to check out, the NOC may call you to confirm you have left. Check out as soon as you can, even if you are already away from the site.`,
  },
  {
    title: 'Who are my site contacts, and why do they matter?',
    tags: ['contacts', 'sites', 'company-admin'],
    body: `Each site can have a primary, a secondary and an emergency contact from your organisation. The NOC calls them when a technician needs access, when an outage needs someone on site, and when works are planned nearby; event notices go to them too.

Company administrators manage contacts under Contacts and assign them from each site's page. A site without a primary contact appears under items needing attention on the dashboard.

Please keep mobile numbers current. An emergency contact that nobody answers at 2 am is the most common cause of a slow restoration.`,
  },
  {
    title: 'Managing your organisation’s portal users',
    tags: ['users', 'company-admin', 'getting-started'],
    body: `Company administrators add, change and remove their organisation's users under Administration, Users. A customer administrator can manage contacts, subscriptions and company settings; a customer user can see the organisation's services, sites and events, raise tickets and subscribe to notifications.

Remove users who leave, rather than sharing accounts: every change in the portal is recorded against the person who made it.

Forgotten passwords are reset from the sign-in page. If your company administrator has left, ask the NOC to make someone else the administrator.`,
  },
];

// Idempotent: an installation that already has articles (the NOC may have edited them) is left alone.
export async function seedFaq(db: Db): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(faqArticles);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(faqArticles).values(
    articles.map((article) => {
      // Seeded text obeys the same rules as text the NOC writes.
      const checked = faqCreateSchema.parse(article);
      return { title: checked.title, body: checked.body, tags: checked.tags };
    }),
  );
}

export const seededFaqCount = articles.length;
