// The portal's releases, newest first, for Support → Portal Release Notes. Each issue's work adds its
// entry here when it lands.
export type Release = {
  version: string;
  title: string;
  // ISO date (yyyy-mm-dd) the release was completed.
  date: string;
  summary: string;
  highlights: string[];
};

export const releases: Release[] = [
  {
    version: '0.3',
    title: 'Events and notifications',
    date: '2026-11-22',
    summary:
      'Plan, announce and follow scheduled works, planned hazard windows and unplanned outages, and let customers know in time.',
    highlights: [
      'Scheduled Events, Network Outages and Past Outages lists, each event with its services, sites, customers and comments.',
      'Service pages list the events that touch each service.',
      'The New Event wizard for the NOC, with prefill templates and a preflight that shows who will be told before anything is sent.',
      'Customer notices by e-mail and SMS through the ticket system, sent once even when retried.',
      'Live updates: lists, the events bell and conditions refresh as soon as an event changes, without reloading.',
      'Private maintenance calendar feeds (iCalendar, with the maintenance properties) for each customer, managed in Company Settings.',
    ],
  },
  {
    version: '0.2',
    title: 'Network inventory',
    date: '2026-11-21',
    summary: 'Sites and services with their live condition, telemetry and a map of the network.',
    highlights: [
      'Sites: lists with filters, site pages with address, access details, contacts and services; create, edit and delete for the NOC.',
      'Services: all services and the unmanaged, managed, VPLS, Internet and L3VPN groups, with counts; service pages with both ends and patching.',
      'Service and site conditions worked out from current events: normal, maintenance, at-risk and offline.',
      'Telemetry: link status, traffic over the last six hours, utilisation with capacity labels, light levels and operational history.',
      'Header search across services, circuits, sites, networks, users and contacts.',
      'Dashboard with the latest events and items needing attention, and the network map.',
    ],
  },
  {
    version: '0.1',
    title: 'Foundation',
    date: '2026-11-21',
    summary: 'The portal itself: signing in, roles and the people and organisations who use it.',
    highlights: [
      'Sign-in with remembered sessions, sign-out and password reset by e-mail.',
      'Roles for the NOC, technicians, engineers, customer administrators and customer users, with menus to match.',
      'Users: list, profiles, create and edit; change your own password.',
      'Customers: list and pages for the NOC; Company Settings for customer administrators.',
      'Acting as another customer for provider staff, clearly shown while it lasts.',
    ],
  },
];
