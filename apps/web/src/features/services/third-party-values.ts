import type { ThirdPartyCreate } from '@lightpath/domain/services';
import { emptyToNull } from '../../lib/format';

export type NetboxOption = { id: number; name: string };

export type ThirdPartyCircuit = {
  id: number;
  circuitid: string;
  serviceid: string;
  provider: NetboxOption;
  circuittype: NetboxOption;
  headendid: string;
  redundantheadendid: string | null;
  tailendid: string | null;
};

export type ThirdPartyFormValues = {
  circuitid: string;
  serviceid: string;
  providerid: string;
  circuittypeid: string;
  headendid: string;
  redundantheadendid: string;
  tailendid: string;
};

export const blankThirdPartyValues: ThirdPartyFormValues = {
  circuitid: '',
  serviceid: '',
  providerid: '',
  circuittypeid: '',
  headendid: '',
  redundantheadendid: '',
  tailendid: '',
};

export function toThirdPartyCreate(values: ThirdPartyFormValues): ThirdPartyCreate {
  return {
    circuitid: values.circuitid.trim(),
    serviceid: values.serviceid.trim().toUpperCase(),
    providerid: values.providerid === '' ? Number.NaN : Number(values.providerid),
    circuittypeid: values.circuittypeid === '' ? Number.NaN : Number(values.circuittypeid),
    headendid: values.headendid.trim(),
    redundantheadendid: emptyToNull(values.redundantheadendid),
    tailendid: emptyToNull(values.tailendid),
  };
}

// Spec 5: the list of providers drops the entry named as the provider itself (the network does not
// buy circuits from itself).
export function withoutOwnProvider<T extends { name: string }>(
  providers: readonly T[],
  ownName?: string,
): T[] {
  if (!ownName) return [...providers];
  const own = ownName.trim().toLowerCase();
  return providers.filter((provider) => provider.name.trim().toLowerCase() !== own);
}

// NetBox-backed lists may come as a bare array or as a list page; screens only need the rows.
export function rowsOf<T>(payload: T[] | { results: T[] } | null | undefined): T[] {
  if (!payload) return [];
  return Array.isArray(payload) ? payload : (payload.results ?? []);
}

// The search box on the third-party list matches any identifier on the circuit.
export function matchesCircuit(circuit: ThirdPartyCircuit, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [
    circuit.circuitid,
    circuit.serviceid,
    circuit.provider?.name,
    circuit.circuittype?.name,
    circuit.headendid,
    circuit.redundantheadendid,
    circuit.tailendid,
  ].some((value) => value?.toLowerCase().includes(needle));
}
