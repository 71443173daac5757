import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fakeDcim, pageOf } from './fake-netbox-dcim';

// A stand-in NetBox 4.x for tests, on loopback: just the endpoints the client uses, with NetBox's
// shapes. Lists are { count, next, previous, results } with absolute `next` links, pages are capped
// small so the client must follow them, every path must end in a slash, and requests without the
// right `Authorization: Token` header are refused with 403, as NetBox does. Device inventory endpoints
// are in fake-netbox-dcim.ts, which the simulator also runs on (simulator-dcim.ts).

type Brief = { id: number; name: string; slug?: string };
export type FakeProvider = Brief;
export type FakeProviderNetwork = { id: number; name: string; provider: number };
export type FakeDevice = {
  id: number;
  name: string;
  role: string;
  site: number;
  // Device inventory (NetBox checks); a device without a type is of the first device type.
  device_type?: number;
  serial?: string;
  status?: string;
  custom_fields?: Record<string, string | null>;
  primary_ip4?: number | null;
  primary_ip6?: number | null;
};
export type FakeManufacturer = { id: number; name: string };
export type FakeDeviceType = { id: number; manufacturer: number; model: string };
export type FakeModuleType = { id: number; manufacturer: number; model: string };
export type FakeModuleBay = { id: number; device: number; name: string };
export type FakeModule = {
  id: number;
  device: number;
  module_bay: number;
  module_type: number;
  serial: string;
  status: string;
};
export type FakeInventoryItem = {
  id: number;
  device: number;
  name: string;
  part_id: string;
  serial: string;
  discovered?: boolean;
  // Attached to an interface of the device, when it is.
  interface?: number | null;
};
// An IP address assigned to an interface (NetBox's assigned_object), or to nothing.
export type FakeIpAddress = { id: number; address: string; interface: number | null };
export type FakeSite = { id: number; name: string };
export type FakeInterface = {
  id: number;
  device: number;
  name: string;
  description?: string;
  enabled?: boolean;
  mgmt_only?: boolean;
  cabled?: boolean;
  type?: string;
};
export type FakeVirtualCircuit = {
  id: number;
  cid: string;
  provider_network: number;
  type: number;
  description?: string;
  custom_fields: Record<string, string | null>;
};

export type FakeNetBoxData = {
  providers: FakeProvider[];
  providerNetworks: FakeProviderNetwork[];
  circuitTypes: Brief[];
  virtualCircuits: FakeVirtualCircuit[];
  sites: FakeSite[];
  devices: FakeDevice[];
  interfaces: FakeInterface[];
  // Custom fields defined on circuits.virtualcircuit; NetBox refuses any other.
  customFields: string[];
  // Device inventory; absent lists are empty (one Generic device type when there is none).
  manufacturers?: FakeManufacturer[];
  deviceTypes?: FakeDeviceType[];
  moduleTypes?: FakeModuleType[];
  moduleBays?: FakeModuleBay[];
  modules?: FakeModule[];
  inventoryItems?: FakeInventoryItem[];
  ipAddresses?: FakeIpAddress[];
  // Custom fields defined on dcim.device.
  deviceCustomFields?: string[];
};

export type FakeNetBox = {
  url: string;
  token: string;
  data: FakeNetBoxData;
  requests: { method: string; path: string; query: string; authorization: string | undefined }[];
  // Answer every request with 500 (a NetBox in trouble) until switched off again.
  failing: boolean;
  close: () => Promise<void>;
};

const maxPageSize = 2;

function slugOf(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export async function startFakeNetBox(data: FakeNetBoxData, token = 'fake-netbox-token-0123456789abcdef') {
  const requests: FakeNetBox['requests'] = [];
  let origin = '';
  const state = { failing: false };

  const providerBrief = (id: number) => {
    const p = data.providers.find((x) => x.id === id)!;
    return {
      id: p.id,
      url: `${origin}/api/circuits/providers/${p.id}/`,
      display: p.name,
      name: p.name,
      slug: p.slug ?? slugOf(p.name),
      description: '',
    };
  };
  const networkBrief = (id: number) => {
    const n = data.providerNetworks.find((x) => x.id === id)!;
    return {
      id: n.id,
      url: `${origin}/api/circuits/provider-networks/${n.id}/`,
      display: n.name,
      name: n.name,
      description: '',
    };
  };
  const typeBrief = (id: number) => {
    const t = data.circuitTypes.find((x) => x.id === id)!;
    return {
      id: t.id,
      url: `${origin}/api/circuits/virtual-circuit-types/${t.id}/`,
      display: t.name,
      name: t.name,
      slug: slugOf(t.name),
      description: '',
    };
  };
  const siteBrief = (id: number) => {
    const s = data.sites.find((x) => x.id === id)!;
    return {
      id: s.id,
      url: `${origin}/api/dcim/sites/${s.id}/`,
      display: s.name,
      name: s.name,
      slug: slugOf(s.name),
      description: '',
    };
  };
  // Devices, modules, interfaces, inventory items and IP addresses: fake-netbox-dcim.ts.
  const dcim = fakeDcim(data, () => origin, siteBrief);

  const fullCircuit = (vc: FakeVirtualCircuit) => ({
    id: vc.id,
    url: `${origin}/api/circuits/virtual-circuits/${vc.id}/`,
    display_url: `${origin}/circuits/virtual-circuits/${vc.id}/`,
    display: vc.cid,
    cid: vc.cid,
    provider_network: networkBrief(vc.provider_network),
    provider_account: null,
    type: typeBrief(vc.type),
    status: { value: 'active', label: 'Active' },
    tenant: null,
    description: vc.description ?? '',
    comments: '',
    tags: [],
    custom_fields: Object.fromEntries(data.customFields.map((f) => [f, vc.custom_fields[f] ?? null])),
    created: '2026-01-01T00:00:00Z',
    last_updated: '2026-01-01T00:00:00Z',
  });

  function page(res: ServerResponse, url: URL, items: unknown[]) {
    send(res, 200, pageOf(url, items, maxPageSize));
  }

  function send(res: ServerResponse, status: number, body?: unknown) {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  }

  const notFound = (res: ServerResponse) => send(res, 404, { detail: 'Not found.' });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.search,
      authorization: req.headers.authorization,
    });
    if (state.failing) return send(res, 500, { error: 'Internal server error' });
    if (req.headers.authorization !== `Token ${token}`) return send(res, 403, { detail: 'Invalid token' });
    // NetBox's routes all end in a slash; without one there is no such endpoint here.
    if (!url.pathname.endsWith('/')) return notFound(res);
    const q = url.searchParams;
    const path = url.pathname;

    if (req.method === 'GET' && path === '/api/circuits/providers/') {
      return page(
        res,
        url,
        data.providers.map((p) => ({ ...providerBrief(p.id), circuit_count: 0 })),
      );
    }
    const providerMatch = path.match(/^\/api\/circuits\/providers\/(\d+)\/$/);
    if (req.method === 'GET' && providerMatch) {
      const found = data.providers.find((p) => p.id === Number(providerMatch[1]));
      return found ? send(res, 200, providerBrief(found.id)) : notFound(res);
    }
    if (req.method === 'GET' && path === '/api/circuits/provider-networks/') {
      const providerId = q.get('provider_id');
      const networks = data.providerNetworks.filter((n) => !providerId || n.provider === Number(providerId));
      return page(
        res,
        url,
        networks.map((n) => ({ ...networkBrief(n.id), provider: providerBrief(n.provider), service_id: '' })),
      );
    }
    if (req.method === 'GET' && path === '/api/circuits/virtual-circuit-types/') {
      return page(
        res,
        url,
        data.circuitTypes.map((t) => ({ ...typeBrief(t.id), color: '', virtual_circuit_count: 0 })),
      );
    }
    if (path === '/api/circuits/virtual-circuits/') {
      if (req.method === 'GET') {
        const cid = q.get('cid');
        const providerId = q.get('provider_id');
        const list = data.virtualCircuits.filter(
          (vc) =>
            (!cid || vc.cid.toLowerCase() === cid.toLowerCase()) &&
            (!providerId ||
              data.providerNetworks.find((n) => n.id === vc.provider_network)?.provider ===
                Number(providerId)),
        );
        return page(res, url, list.map(fullCircuit));
      }
      if (req.method === 'POST') {
        const body = await readBody(req);
        const network = data.providerNetworks.find((n) => n.id === body.provider_network);
        if (typeof body.cid !== 'string' || !body.cid)
          return send(res, 400, { cid: ['This field is required.'] });
        if (!network)
          return send(res, 400, {
            provider_network: ['Related object not found using the provided numeric ID.'],
          });
        if (!data.circuitTypes.some((t) => t.id === body.type))
          return send(res, 400, { type: ['Related object not found using the provided numeric ID.'] });
        const fields = (body.custom_fields ?? {}) as Record<string, string | null>;
        const unknown = Object.keys(fields).find((f) => !data.customFields.includes(f));
        if (unknown)
          return send(res, 400, {
            custom_fields: [`Custom field '${unknown}' does not exist for this object type.`],
          });
        if (
          data.virtualCircuits.some(
            (vc) =>
              vc.provider_network === network.id &&
              vc.cid.toLowerCase() === (body.cid as string).toLowerCase(),
          )
        )
          return send(res, 400, {
            __all__: ['Virtual circuit with this Provider network and Circuit ID already exists.'],
          });
        const vc: FakeVirtualCircuit = {
          id: Math.max(0, ...data.virtualCircuits.map((v) => v.id)) + 1,
          cid: body.cid,
          provider_network: network.id,
          type: body.type as number,
          description: typeof body.description === 'string' ? body.description : '',
          custom_fields: fields,
        };
        data.virtualCircuits.push(vc);
        return send(res, 201, fullCircuit(vc));
      }
    }
    const circuitMatch = path.match(/^\/api\/circuits\/virtual-circuits\/(\d+)\/$/);
    if (circuitMatch) {
      const index = data.virtualCircuits.findIndex((vc) => vc.id === Number(circuitMatch[1]));
      if (index < 0) return send(res, 404, { detail: 'No VirtualCircuit matches the given query.' });
      if (req.method === 'GET') return send(res, 200, fullCircuit(data.virtualCircuits[index]!));
      if (req.method === 'DELETE') {
        data.virtualCircuits.splice(index, 1);
        return send(res, 204);
      }
    }
    const dcimReply = await dcim.handle(req.method ?? 'GET', path, q, () => readBody(req));
    if (dcimReply?.list) return page(res, url, dcimReply.list);
    if (dcimReply) return send(res, dcimReply.status, dcimReply.body);
    if (req.method === 'GET' && path === '/api/dcim/sites/') {
      const names = q.getAll('name');
      return page(
        res,
        url,
        data.sites.filter((s) => names.length === 0 || names.includes(s.name)).map((s) => siteBrief(s.id)),
      );
    }
    return notFound(res);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const fake: FakeNetBox = {
    url: origin,
    token,
    data,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; without this, close waits for them to time out.
        server.closeAllConnections();
      }),
  };
  return fake;
}
