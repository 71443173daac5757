import { z } from 'zod';

// Administration → Integrations (decisions.md, External systems): each external system the portal
// talks to, whether the real one or the built-in stand-in answers, where it is, and how the last
// calls to it went (docs/decisions/018).

export const integrationSystems = [
  'tickets',
  'netbox',
  'telemetry',
  'zabbix',
  'awx',
  'email',
  'sms',
] as const;
export type IntegrationSystem = (typeof integrationSystems)[number];

// real: the configured external system. simulated: a stand-in that makes up answers consistent with
// the portal's data (telemetry, NetBox). built-in: the portal does the work itself and keeps the result
// in its own database (tickets without Zendesk, e-mail without SMTP, SMS).
export const integrationKinds = ['real', 'simulated', 'built-in'] as const;
export type IntegrationKind = (typeof integrationKinds)[number];

export const integrationSchema = z.object({
  system: z.enum(integrationSystems),
  // What the system is for, e.g. 'Tickets (support, site access, job tickets, event notices)'.
  name: z.string(),
  kind: z.enum(integrationKinds),
  // Which implementation answers: 'Zendesk', 'Prometheus', 'Simulator', 'Built-in store', ...
  implementation: z.string(),
  // Where the real system is (scheme, host, port and path; never credentials); null when built in.
  address: z.string().nullable(),
  // Unix seconds of the last call the system answered, and of the last that failed, with its reason.
  // Only real systems are called over the network, so only theirs are recorded.
  lastsuccess: z.number().nullable(),
  lasterror: z.number().nullable(),
  lasterrormessage: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({
  count: z.number(),
  results: z.array(integrationSchema),
});
export type IntegrationList = z.infer<typeof integrationListSchema>;

export const integrationNames: Record<IntegrationSystem, string> = {
  tickets: 'Tickets (support, site access, job tickets, event notices)',
  netbox: 'NetBox (third-party circuits, head-ends, handoffs)',
  telemetry: 'Telemetry (traffic, light levels, link status)',
  zabbix: 'Zabbix (alarms, muted triggers)',
  awx: 'AWX (device operations, automation jobs)',
  email: 'E-mail',
  sms: 'SMS (event notices)',
};

export const integrationKindLabels: Record<IntegrationKind, string> = {
  real: 'Real',
  simulated: 'Simulated',
  'built-in': 'Built-in',
};

// The last error is current when it came after the last success (or there was no success yet).
export function integrationFailing(entry: Pick<Integration, 'lastsuccess' | 'lasterror'>): boolean {
  if (entry.lasterror === null) return false;
  return entry.lastsuccess === null || entry.lasterror > entry.lastsuccess;
}

// An address to show: scheme, host, port and path of a configured URL, without user, password, query
// or fragment, which may carry credentials (an SMTP URL usually does). Null when it is no URL.
export function publicAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return null;
  }
}

// Reasons are stored and shown as one line of bounded length; anything that looks like a credential
// in a URL is cut out first.
export const integrationErrorMaxLength = 500;
export function integrationErrorText(reason: string): string {
  const oneLine = reason
    .replace(/\/\/[^/@\s]+@/g, '//')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > integrationErrorMaxLength
    ? `${oneLine.slice(0, integrationErrorMaxLength - 1)}…`
    : oneLine;
}

export const integrationMessages = {
  none: 'No external systems are configured',
} as const;
