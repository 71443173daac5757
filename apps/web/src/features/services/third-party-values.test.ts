import { serviceMessages, thirdPartyCreateSchema } from '@lightpath/domain/services';
import { describe, expect, it } from 'vitest';
import { issuesToFormErrors } from '../../lib/zod-form';
import {
  blankThirdPartyValues,
  matchesCircuit,
  rowsOf,
  type ThirdPartyCircuit,
  toThirdPartyCreate,
  withoutOwnProvider,
} from './third-party-values';

describe('toThirdPartyCreate', () => {
  it('gives a body the schema accepts', () => {
    const body = toThirdPartyCreate({
      ...blankThirdPartyValues,
      circuitid: ' VC-1001 ',
      serviceid: 'ung0012004701b',
      providerid: '2',
      circuittypeid: '5',
      headendid: 'MEL-HE-01',
    });
    expect(body).toEqual({
      circuitid: 'VC-1001',
      serviceid: 'UNG0012004701B',
      providerid: 2,
      circuittypeid: 5,
      headendid: 'MEL-HE-01',
      redundantheadendid: null,
      tailendid: null,
    });
    expect(thirdPartyCreateSchema.safeParse(body).success).toBe(true);
  });

  it('reports missing choices on their fields', () => {
    const parsed = thirdPartyCreateSchema.safeParse(toThirdPartyCreate(blankThirdPartyValues));
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : issuesToFormErrors(parsed.error.issues);
    expect(errors.serviceid).toBe(serviceMessages.idInvalid);
    expect(errors.providerid).toBe('Provider is required');
    expect(errors.headendid).toBe('Head-end is required');
  });
});

describe('withoutOwnProvider', () => {
  it('drops the provider named as the network itself', () => {
    const providers = [
      { id: 1, name: 'Meridian Research Network' },
      { id: 2, name: 'Telco One' },
    ];
    expect(withoutOwnProvider(providers, 'meridian research network ').map((p) => p.id)).toEqual([2]);
    expect(withoutOwnProvider(providers, undefined)).toHaveLength(2);
  });
});

describe('rowsOf', () => {
  it('reads a bare array or a list page', () => {
    expect(rowsOf([1, 2])).toEqual([1, 2]);
    expect(rowsOf({ results: [3] })).toEqual([3]);
    expect(rowsOf(undefined)).toEqual([]);
  });
});

describe('matchesCircuit', () => {
  const circuit: ThirdPartyCircuit = {
    id: 1,
    circuitid: 'VC-1001',
    serviceid: 'UNG0012004701B',
    provider: { id: 2, name: 'Telco One' },
    circuittype: { id: 5, name: 'EVPL' },
    headendid: 'MEL-HE-01',
    redundantheadendid: null,
    tailendid: null,
  };
  it('matches any identifier, case-insensitively', () => {
    expect(matchesCircuit(circuit, 'telco')).toBe(true);
    expect(matchesCircuit(circuit, 'ung0012')).toBe(true);
    expect(matchesCircuit(circuit, 'he-01')).toBe(true);
    expect(matchesCircuit(circuit, 'nothing')).toBe(false);
    expect(matchesCircuit(circuit, '  ')).toBe(true);
  });
});
