import type { ThirdPartyCreate } from '@lightpath/domain/services';
import { Invalid } from '../../platform/errors';
import { type IntegrationHealth, reasonOf, unrecorded } from '../health';
import { type NetBoxRequests, netboxDeviceInventory } from './client-dcim';
import {
  circuitMatches,
  type HandoffPort,
  type HandoffSite,
  type Handoffs,
  type NamedRef,
  type NetBox,
  NetBoxError,
  NetBoxRefused,
  netboxMessages,
  reasonsOfRefusal,
  type ThirdPartyCircuit,
} from './netbox';

// The NetBox 4.x REST client (4.2 and later: virtual circuits). Every path ends in a slash, as NetBox
// requires; lists are paged ({ count, next, previous, results }) and `next` is followed to the end.
//
// A third-party circuit is a NetBox virtual circuit whose custom fields tie it to the portal: the
// fields below must exist on circuits > virtual circuit (type Text; docs/integrations.md). Its
// provider is the provider of its provider network. Head-ends are devices with the configured role.

export const netboxCustomFields = {
  service: 'lightpath_service',
  headEnd: 'lightpath_head_end',
  redundantHeadEnd: 'lightpath_redundant_head_end',
  tailEnd: 'lightpath_tail_end',
} as const;

export type NetBoxOptions = {
  url: string;
  token: string;
  headEndRole: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  health?: IntegrationHealth;
};

type Brief = { id: number; name: string };
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type ProviderNetwork = Brief & { provider: Brief };
type VirtualCircuit = {
  id: number;
  cid: string;
  provider_network: Brief;
  type: Brief;
  custom_fields: Record<string, unknown> | null;
};
type Device = Brief & { site: Brief | null };
type Interface = {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  mgmt_only: boolean;
  cable: { id: number } | null;
  type: { value: string } | null;
  device: Brief;
};

// At most this many pages of one list: a guard against a `next` that never ends.
const maxPages = 200;
const pageSize = 1000;
// Interface kinds that can never be a customer handoff.
const logicalInterfaces = new Set(['virtual', 'lag', 'bridge']);

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

// How every call goes to NetBox: the token, the slash-ended paths, the pages followed, the errors.
export function netboxClientRequests(options: Omit<NetBoxOptions, 'headEndRole'>): NetBoxRequests {
  const base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const health = options.health ?? unrecorded;

  // Every request's outcome goes to the Integrations page; a 404 is an answer, so a success.
  async function request<T>(method: string, target: string | URL, body?: unknown): Promise<T | null> {
    try {
      const reply = await send<T>(method, target, body);
      health.succeeded();
      return reply;
    } catch (error) {
      health.failed(reasonOf(error));
      throw error;
    }
  }

  async function send<T>(method: string, target: string | URL, body?: unknown): Promise<T | null> {
    const url = typeof target === 'string' ? new URL(target, base) : target;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          authorization: `Token ${options.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new NetBoxError('NetBox did not answer', { cause: error });
    }
    if (response.status === 404) return null;
    if (response.status === 400) {
      const body: unknown = await response.json().catch(() => null);
      throw new NetBoxRefused(`NetBox refused ${method} ${url.pathname}`, reasonsOfRefusal(body));
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new NetBoxError(`NetBox answered ${method} ${url.pathname} with ${response.status}: ${detail}`);
    }
    if (response.status === 204) return null;
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new NetBoxError(`NetBox answered ${method} ${url.pathname} without JSON`, { cause: error });
    }
  }

  function apiUrl(path: string, query: Record<string, string | number> = {}): URL {
    const url = new URL(`api/${path}`, base);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  }

  async function listAll<T>(path: string, query: Record<string, string | number> = {}): Promise<T[]> {
    const results: T[] = [];
    let next: URL | null = apiUrl(path, { limit: pageSize, ...query });
    for (let page = 0; next && page < maxPages; page += 1) {
      const reply: Page<T> | null = await request<Page<T>>('GET', next);
      if (!reply) throw new NetBoxError(`NetBox has no list at ${path}`);
      results.push(...reply.results);
      next = reply.next ? new URL(reply.next) : null;
      // The token goes only to the configured NetBox, whatever a reply says.
      if (next && next.origin !== base.origin) throw new NetBoxError(`NetBox paged ${path} to another host`);
    }
    return results;
  }

  return { request, listAll, apiUrl };
}

export function netboxClient(options: NetBoxOptions): NetBox {
  const { request, listAll, apiUrl } = netboxClientRequests(options);

  async function providerNetworks(): Promise<Map<number, Brief>> {
    const networks = await listAll<ProviderNetwork>('circuits/provider-networks/');
    return new Map(networks.map((n) => [n.id, { id: n.provider.id, name: n.provider.name }]));
  }

  function toCircuit(vc: VirtualCircuit, networks: Map<number, Brief>): ThirdPartyCircuit | null {
    const fields = vc.custom_fields ?? {};
    const serviceid = text(fields[netboxCustomFields.service]);
    // Virtual circuits the portal did not create are none of its business.
    if (!serviceid) return null;
    const provider = networks.get(vc.provider_network.id) ?? { id: 0, name: vc.provider_network.name };
    return {
      id: vc.id,
      circuitid: vc.cid,
      serviceid,
      provider: { id: provider.id, name: provider.name },
      circuittype: { id: vc.type.id, name: vc.type.name },
      headendid: text(fields[netboxCustomFields.headEnd]) ?? '',
      redundantheadendid: text(fields[netboxCustomFields.redundantHeadEnd]),
      tailendid: text(fields[netboxCustomFields.tailEnd]),
    };
  }

  async function allCircuits(): Promise<ThirdPartyCircuit[]> {
    const [networks, circuits] = await Promise.all([
      providerNetworks(),
      listAll<VirtualCircuit>('circuits/virtual-circuits/'),
    ]);
    return circuits
      .map((vc) => toCircuit(vc, networks))
      .filter((c): c is ThirdPartyCircuit => c !== null)
      .sort((a, b) => a.circuitid.localeCompare(b.circuitid) || a.id - b.id);
  }

  const named = (items: Brief[]): NamedRef[] => items.map((i) => ({ id: i.id, name: i.name }));

  async function interfacesAt(site: HandoffSite): Promise<Interface[]> {
    const [found] = await listAll<Brief>('dcim/sites/', { name: site.sitename });
    if (!found) return [];
    return listAll<Interface>('dcim/interfaces/', { site_id: found.id });
  }

  const toPort = (i: Interface): HandoffPort => ({ port: `${i.device.name} ${i.name}`, uuid: String(i.id) });
  const mentions = (i: Interface, serviceid: string) => i.description.toUpperCase().includes(serviceid);
  const isFree = (i: Interface) =>
    i.enabled &&
    !i.mgmt_only &&
    i.cable === null &&
    i.description === '' &&
    !logicalInterfaces.has(i.type?.value ?? '');

  return {
    kind: 'netbox',
    ...netboxDeviceInventory({ request, listAll, apiUrl }),
    listProviders: async () => named(await listAll<Brief>('circuits/providers/')),
    listCircuitTypes: async () => named(await listAll<Brief>('circuits/virtual-circuit-types/')),
    async listHeadEnds() {
      const devices = await listAll<Device>('dcim/devices/', { role: options.headEndRole });
      return devices.map((d) => ({ id: d.id, name: d.name, site: d.site?.name ?? null }));
    },

    async listCircuits(query) {
      const matching = (await allCircuits()).filter((c) => circuitMatches(c, query.q));
      return { count: matching.length, results: matching.slice(query.offset, query.offset + query.limit) };
    },

    countCircuits: async () => (await allCircuits()).length,

    async findCircuit(providerId, circuitid) {
      const [networks, found] = await Promise.all([
        providerNetworks(),
        listAll<VirtualCircuit>('circuits/virtual-circuits/', { cid: circuitid, provider_id: providerId }),
      ]);
      const match = found.find((vc) => vc.cid.toLowerCase() === circuitid.toLowerCase());
      return match ? (toCircuit(match, networks) ?? toForeign(match, networks)) : null;
    },

    async createCircuit(input: ThirdPartyCreate) {
      const [network] = await listAll<ProviderNetwork>('circuits/provider-networks/', {
        provider_id: input.providerid,
      });
      if (!network) {
        const provider = await request<Brief>('GET', apiUrl(`circuits/providers/${input.providerid}/`));
        throw Invalid.field('providerid', netboxMessages.noProviderNetwork(provider?.name ?? 'The provider'));
      }
      const created = await request<VirtualCircuit>('POST', apiUrl('circuits/virtual-circuits/'), {
        cid: input.circuitid,
        provider_network: network.id,
        type: input.circuittypeid,
        status: 'active',
        description: `Lightpath service ${input.serviceid}`,
        custom_fields: {
          [netboxCustomFields.service]: input.serviceid,
          [netboxCustomFields.headEnd]: input.headendid,
          [netboxCustomFields.redundantHeadEnd]: input.redundantheadendid ?? null,
          [netboxCustomFields.tailEnd]: input.tailendid ?? null,
        },
      });
      const circuit = created && toCircuit(created, new Map([[network.id, network.provider]]));
      if (!circuit)
        throw new NetBoxError('NetBox did not return the new virtual circuit with its custom fields');
      return circuit;
    },

    async deleteCircuit(id) {
      const found = await request<VirtualCircuit>('GET', apiUrl(`circuits/virtual-circuits/${id}/`));
      const circuit = found && toCircuit(found, await providerNetworks());
      if (!circuit) return null;
      await request('DELETE', apiUrl(`circuits/virtual-circuits/${id}/`));
      return circuit;
    },

    // Confident: an interface at the site whose description names the service. Maybe: a free
    // interface there (enabled, not management, no cable, no description). Unsure: an interface
    // elsewhere that names the service. NetBox sites are matched to the portal's by name.
    async findHandoffs({ serviceid, aSite, bSite }): Promise<Handoffs> {
      const id = serviceid.toUpperCase();
      const [aInterfaces, bInterfaces, named] = await Promise.all([
        interfacesAt(aSite),
        bSite ? interfacesAt(bSite) : [],
        listAll<Interface>('dcim/interfaces/', { q: id }),
      ]);
      const atEnds = new Set([...aInterfaces, ...bInterfaces].map((i) => i.id));
      const cap = (list: Interface[]) => list.slice(0, 10).map(toPort);
      return {
        aConfident: cap(aInterfaces.filter((i) => mentions(i, id))),
        bConfident: cap(bInterfaces.filter((i) => mentions(i, id))),
        aMaybe: cap(aInterfaces.filter(isFree)),
        bMaybe: cap(bInterfaces.filter(isFree)),
        unsure: cap(named.filter((i) => mentions(i, id) && !atEnds.has(i.id))),
      };
    },
  };

  // A circuit with the same id that someone created in NetBox by hand still blocks a duplicate.
  function toForeign(vc: VirtualCircuit, networks: Map<number, Brief>): ThirdPartyCircuit {
    const provider = networks.get(vc.provider_network.id) ?? { id: 0, name: vc.provider_network.name };
    return {
      id: vc.id,
      circuitid: vc.cid,
      serviceid: '',
      provider,
      circuittype: { id: vc.type.id, name: vc.type.name },
      headendid: '',
      redundantheadendid: null,
      tailendid: null,
    };
  }
}
