// Header search (spec 2.5 and 9). The server ranks; these constants and routes are shared with the web.

export const searchPopoverResults = 4;
export const searchPromptLength = 2;
export const searchMinimumLength = 3;
export const searchThreshold = 0.4;
export const searchPrompt = 'Enter a search term';

export const searchKinds = {
  service: 'Service',
  circuit: 'External circuit',
  site: 'Site',
  vpls: 'VPLS',
  internet: 'Internet',
  l3vpn: 'L3VPN',
  interconnect: 'Interconnect',
  user: 'User',
  contact: 'Contact',
  event: 'Event',
  equipment: 'Equipment',
  thirdparty: 'Third-party service',
} as const;
export type SearchKind = keyof typeof searchKinds;
export const searchKindNames = Object.keys(searchKinds) as SearchKind[];

// Field weights: the site number outranks everything, as spec 2.5 says; identifiers outrank names.
export const searchWeights = {
  sitenumber: 2.5,
  serviceid: 2,
  circuitid: 2,
  headendid: 1.5,
  redundantheadendid: 1.5,
  tailendid: 1.5,
  ipaddress: 1.5,
  email: 1.5,
  sitename: 1.2,
  contactname: 1.2,
  firstname: 1,
  surname: 1,
  title: 1,
  description: 1,
  vplsname: 1,
} as const;
export type SearchField = keyof typeof searchWeights;

export type SearchResult = {
  kind: SearchKind;
  id: string;
  label: string;
  detail: string;
  field: SearchField;
  score: number;
};

// Where each kind's result leads (spec 2.2). Sites of logical types open their network's page.
export function searchResultRoute(result: Pick<SearchResult, 'kind' | 'id'>): string {
  switch (result.kind) {
    case 'service':
    case 'internet':
    case 'thirdparty':
    case 'circuit':
      return `/service/${encodeURIComponent(result.id)}`;
    case 'site':
    case 'interconnect':
      return `/site/${result.id}`;
    case 'vpls':
      return `/vpls/${result.id}`;
    case 'l3vpn':
      return `/l3vpn/${result.id}`;
    case 'user':
      return `/user/${result.id}`;
    case 'contact':
      return `/contact/${result.id}`;
    case 'event':
      return `/event/${result.id}`;
    case 'equipment':
      return `/equipment/shelf/${result.id}`;
  }
}

export function searchResultsRoute(term: string): string {
  return `/functions/search-result/${encodeURIComponent(term.trim())}`;
}
