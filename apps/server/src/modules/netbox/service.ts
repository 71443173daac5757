import type { ListQuery } from '@lightpath/domain/api';
import { parseServiceId, serviceMessages, type ThirdPartyCreate } from '@lightpath/domain/services';
import { formatSiteNumber } from '@lightpath/domain/sites';
import { type HandoffSite, NetBoxError, netboxMessages } from '../../integrations/netbox/netbox';
import { recordAudit } from '../../platform/audit';
import { AppError, Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { findCustomerByCode, findProviderCustomer } from '../customers/repository';
import { getServiceFor } from '../services/service';
import { findSiteByNumber, findSiteRow } from '../sites/repository';

// NetBox failed: 502 with a message for people; the cause goes to the log.
export class NetBoxFailed extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

async function asking<T>(
  ctx: ServiceContext,
  work: () => Promise<T>,
  message: string = netboxMessages.unavailable,
) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof NetBoxError)) throw error;
    ctx.log.warn({ err: error, source: ctx.netbox.kind }, 'netbox failed');
    throw new NetBoxFailed(message);
  }
}

export async function listThirdParties(ctx: ServiceContext, query: ListQuery) {
  const page = await asking(ctx, () =>
    ctx.netbox.listCircuits({ q: query.q, limit: query.limit, offset: query.offset }),
  );
  return { ...page, limit: query.limit, offset: query.offset };
}

// Spec 5: the list of providers leaves out the operator itself.
export async function listProviders(ctx: ServiceContext) {
  const providerName = ctx.config.provider.name;
  const providers = await asking(ctx, () => ctx.netbox.listProviders());
  return providers.filter((p) => p.name.toLowerCase() !== providerName.toLowerCase());
}

export const listCircuitTypes = (ctx: ServiceContext) => asking(ctx, () => ctx.netbox.listCircuitTypes());
export const listHeadEnds = (ctx: ServiceContext) => asking(ctx, () => ctx.netbox.listHeadEnds());

// The circuit lives in NetBox (or the simulator's table), not in a transaction of ours, so the audit
// row is written once NetBox has accepted the change.
export async function createThirdParty(ctx: ServiceContext, input: ThirdPartyCreate) {
  // The service is named in the body, so a missing one is bad input (400), not a missing page (404).
  await getServiceFor(ctx, input.serviceid).catch((error: unknown) => {
    throw error instanceof NotFound
      ? Invalid.field('serviceid', netboxMessages.serviceMissing(input.serviceid))
      : error;
  });
  const [providers, types] = await Promise.all([listProviders(ctx), listCircuitTypes(ctx)]);
  const provider = providers.find((p) => p.id === input.providerid);
  if (!provider) throw Invalid.field('providerid', netboxMessages.providerUnknown);
  if (!types.some((type) => type.id === input.circuittypeid))
    throw Invalid.field('circuittypeid', netboxMessages.circuitTypeUnknown);
  if (await asking(ctx, () => ctx.netbox.findCircuit(input.providerid, input.circuitid)))
    throw new Conflict(netboxMessages.duplicate(input.circuitid, provider.name), 'circuitid');
  const circuit = await asking(ctx, () => ctx.netbox.createCircuit(input));
  await recordAudit(ctx.db, ctx, {
    action: 'thirdparty.create',
    entity: 'thirdparty',
    entityId: circuit.id,
    detail: { circuitid: circuit.circuitid, serviceid: circuit.serviceid, providerid: circuit.provider.id },
  });
  return circuit;
}

export async function deleteThirdParty(ctx: ServiceContext, id: number) {
  const circuit = await asking(ctx, () => ctx.netbox.deleteCircuit(id));
  if (!circuit) throw new NotFound(netboxMessages.notFound);
  await recordAudit(ctx.db, ctx, {
    action: 'thirdparty.delete',
    entity: 'thirdparty',
    entityId: id,
    detail: { circuitid: circuit.circuitid, serviceid: circuit.serviceid },
  });
  return circuit;
}

// The B end of a VPLS (F, W) or L3VPN (G) service is the customer's own logical site; every other B
// end is the provider's (a PoP, the internet gateway). Site numbers are unique per customer only, so
// the owner decides which S0001 is meant.
const customerOwnedBEnd = new Set(['F', 'W', 'G']);

// The New Service wizard asks before the service exists: the id alone names the customer and both
// sites (decisions.md), so an id whose customer or sites are unknown is refused like a malformed one.
export async function findHandoffs(ctx: ServiceContext, serviceid: string) {
  const id = serviceid.trim().toUpperCase();
  const invalid = () => Invalid.field('serviceid', serviceMessages.handoffIdInvalid(id));
  const parts = parseServiceId(id);
  if (!parts) throw invalid();
  const customer = await findCustomerByCode(ctx.db, parts.code);
  if (!customer) throw invalid();
  const provider = await findProviderCustomer(ctx.db);
  const siteOf = async (number: string, owner: number | undefined): Promise<HandoffSite | null> => {
    if (owner === undefined) return null;
    const found = await findSiteByNumber(ctx.db, owner, formatSiteNumber(number));
    const row = found && (await findSiteRow(ctx.db, { kind: 'all' }, found.siteId));
    return (
      row && {
        siteid: row.siteId,
        sitenumber: row.siteNumber,
        sitename: row.siteName,
        sitetype: row.siteType,
      }
    );
  };
  const [first, second] = customerOwnedBEnd.has(parts.letter)
    ? [customer.customerId, provider?.customerId]
    : [provider?.customerId, customer.customerId];
  const aSite = await siteOf(parts.asite, customer.customerId);
  const bSite = (await siteOf(parts.bsite, first)) ?? (await siteOf(parts.bsite, second));
  if (!aSite || !bSite) throw invalid();
  return asking(
    ctx,
    () => ctx.netbox.findHandoffs({ serviceid: id, aSite, bSite }),
    serviceMessages.handoffFailed,
  );
}
