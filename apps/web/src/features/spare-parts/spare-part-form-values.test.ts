import { sparePartCreateSchema, sparePartMessages } from '@lightpath/domain/spare-parts';
import { describe, expect, it } from 'vitest';
import {
  blankSparePartValues,
  toSparePartCreate,
  toSparePartUpdate,
  valuesFromSparePart,
} from './spare-part-form-values';

const part = {
  uuid: '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61',
  partnumber: 'SFP-10G-LR',
  description: '10GBASE-LR SFP+ optic, 10 km',
  serial: null,
  depotsiteid: 4,
  depotsitenumber: 'S0004',
  depotsitename: 'Eastbrook PoP',
  quantity: 18,
  state: 'available' as const,
  updated: 1_790_000_000,
  lastmovement: null,
};

function messagesOf(input: unknown) {
  const result = sparePartCreateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('the spare part form', () => {
  it('round-trips a part: what it shows is what it sends', () => {
    const {
      uuid: _u,
      depotsitenumber: _n,
      depotsitename: _s,
      updated: _t,
      lastmovement: _l,
      ...fields
    } = part;
    expect(toSparePartUpdate(valuesFromSparePart(part))).toEqual(fields);
  });

  it('sends an empty serial as none', () => {
    expect(toSparePartCreate({ ...valuesFromSparePart(part), serial: '  ' }).serial).toBeNull();
  });

  it("lets the domain's messages speak for a cleared depot and quantity", () => {
    const values = { ...blankSparePartValues(), partnumber: 'P1', description: 'Part', quantity: '' };
    expect(messagesOf(toSparePartCreate(values))).toEqual([
      sparePartMessages.depotRequired,
      sparePartMessages.quantityInvalid,
    ]);
  });

  it('starts a new part as one Available part at the chosen depot', () => {
    expect(blankSparePartValues('7')).toMatchObject({ depotsiteid: '7', quantity: 1, state: 'available' });
  });
});
