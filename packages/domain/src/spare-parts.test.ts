import { describe, expect, it } from 'vitest';
import {
  applyMovement,
  canBeDepot,
  movementRecorded,
  notEnoughInStock,
  serialQuantityFits,
  sparePartCreateSchema,
  sparePartListQuerySchema,
  sparePartMessages,
  sparePartMovementSchema,
  sparePartParamsSchema,
  sparePartUpdateSchema,
} from './spare-parts';

const valid = {
  partnumber: 'NTK554BA',
  description: 'Ciena 6500 WL5e coherent line card',
  serial: 'NNTMRT0A1B2C',
  depotsiteid: 3,
  quantity: 1,
  state: 'available',
};

function messagesOf(
  schema: { safeParse: (input: unknown) => { success: boolean; error?: unknown } },
  input: unknown,
) {
  const result = schema.safeParse(input) as ReturnType<typeof sparePartCreateSchema.safeParse>;
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('adding a spare part', () => {
  it('accepts a full part and trims its text', () => {
    expect(sparePartCreateSchema.parse({ ...valid, partnumber: ' NTK554BA ' })).toEqual(valid);
  });

  it('starts Available with no serial when neither is given; an empty serial is null', () => {
    const { serial: _serial, state: _state, ...bare } = valid;
    expect(sparePartCreateSchema.parse({ ...bare, quantity: 12 })).toEqual({
      ...bare,
      quantity: 12,
      state: 'available',
    });
    expect(sparePartCreateSchema.parse({ ...valid, serial: '  ' }).serial).toBeNull();
  });

  it.each([
    ['a missing part number', { ...valid, partnumber: undefined }, sparePartMessages.partNumberRequired],
    ['a blank part number', { ...valid, partnumber: '  ' }, sparePartMessages.partNumberRequired],
    ['a part number too long', { ...valid, partnumber: 'P'.repeat(61) }, sparePartMessages.partNumberTooLong],
    ['a missing description', { ...valid, description: undefined }, sparePartMessages.descriptionRequired],
    [
      'a description too long',
      { ...valid, description: 'd'.repeat(201) },
      sparePartMessages.descriptionTooLong,
    ],
    [
      'a description with a line break',
      { ...valid, description: 'line\ncard' },
      'Must not contain line breaks or control characters',
    ],
    ['a serial too long', { ...valid, serial: 'S'.repeat(61) }, sparePartMessages.serialTooLong],
    ['a missing depot', { ...valid, depotsiteid: undefined }, sparePartMessages.depotRequired],
    ['a depot id of 0', { ...valid, depotsiteid: 0 }, sparePartMessages.depotRequired],
    ['a negative quantity', { ...valid, quantity: -1 }, sparePartMessages.quantityInvalid],
    ['a fractional quantity', { ...valid, serial: null, quantity: 1.5 }, sparePartMessages.quantityInvalid],
    ['a quantity as text', { ...valid, quantity: '3' }, sparePartMessages.quantityInvalid],
    [
      'a quantity too large',
      { ...valid, serial: null, quantity: 100_001 },
      sparePartMessages.quantityInvalid,
    ],
    ['an unknown state', { ...valid, state: 'lost' }, sparePartMessages.stateInvalid],
    ['a serial with a quantity above one', { ...valid, quantity: 2 }, sparePartMessages.serialQuantity],
    ['an unknown field', { ...valid, customerid: 4 }, 'Unrecognized key: "customerid"'],
  ])('refuses %s with its message', (_label, input, message) => {
    expect(messagesOf(sparePartCreateSchema, input)).toEqual([message]);
  });
});

describe('updating a spare part', () => {
  it('takes any one field alone', () => {
    expect(sparePartUpdateSchema.parse({ state: 'faulty' })).toEqual({ state: 'faulty' });
    expect(sparePartUpdateSchema.parse({ quantity: 40 })).toEqual({ quantity: 40 });
  });

  it('checks the serial and quantity together when both are sent', () => {
    expect(messagesOf(sparePartUpdateSchema, { serial: 'X1', quantity: 3 })).toEqual([
      sparePartMessages.serialQuantity,
    ]);
  });
});

describe('a serial number names one part', () => {
  it.each([
    [null, 40, true],
    [undefined, 40, true],
    ['', 40, true],
    ['X1', 0, true],
    ['X1', 1, true],
    ['X1', 2, false],
  ])('serial %s with quantity %i fits: %s', (serial, quantity, fits) => {
    expect(serialQuantityFits(serial, quantity)).toBe(fits);
  });
});

describe('a depot', () => {
  it.each([
    ['a PoP of the provider', { customerId: 1, siteType: 1 }, true],
    ['an exchange of the provider', { customerId: 1, siteType: 5 }, true],
    ['a VPLS site of the provider', { customerId: 1, siteType: 2 }, false],
    ["a customer's physical site", { customerId: 7, siteType: 1 }, false],
  ])('%s: %s', (_label, site, fits) => {
    expect(canBeDepot(site, 1)).toBe(fits);
  });
});

describe('recording a part taken or returned', () => {
  const uuid = '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61';

  it('takes one by default, with no reference or note', () => {
    expect(sparePartMovementSchema.parse({ uuid, action: 'take' })).toEqual({
      uuid,
      action: 'take',
      quantity: 1,
    });
    expect(sparePartMovementSchema.parse({ uuid, action: 'return', jobreference: ' ', note: '' })).toEqual({
      uuid,
      action: 'return',
      quantity: 1,
      jobreference: null,
      note: null,
    });
  });

  it.each([
    ['a missing part', { action: 'take' }, sparePartMessages.uuidRequired],
    ['a part id that is not a UUID', { uuid: '42', action: 'take' }, sparePartMessages.uuidInvalid],
    ['a missing action', { uuid }, sparePartMessages.actionInvalid],
    ['an unknown action', { uuid, action: 'borrow' }, sparePartMessages.actionInvalid],
    ['a quantity of 0', { uuid, action: 'take', quantity: 0 }, sparePartMessages.movementQuantityInvalid],
    [
      'a quantity too large',
      { uuid, action: 'take', quantity: 1001 },
      sparePartMessages.movementQuantityInvalid,
    ],
    [
      'a job reference too long',
      { uuid, action: 'take', jobreference: 'J'.repeat(41) },
      sparePartMessages.jobReferenceTooLong,
    ],
    ['a note too long', { uuid, action: 'take', note: 'n'.repeat(501) }, sparePartMessages.noteTooLong],
  ])('refuses %s with its message', (_label, input, message) => {
    expect(messagesOf(sparePartMovementSchema, input)).toEqual([message]);
  });

  it.each([
    [
      'takes from available stock',
      { quantity: 5, state: 'available' },
      { action: 'take', quantity: 2 },
      { quantity: 3 },
    ],
    [
      'takes the last one',
      { quantity: 1, state: 'available' },
      { action: 'take', quantity: 1 },
      { quantity: 0 },
    ],
    [
      'refuses more than the depot holds',
      { quantity: 2, state: 'available' },
      { action: 'take', quantity: 3 },
      { refused: 'Only 2 of this part in stock' },
    ],
    [
      'refuses from an empty depot',
      { quantity: 0, state: 'available' },
      { action: 'take', quantity: 1 },
      { refused: 'None of this part is in stock' },
    ],
    [
      'refuses a faulty part',
      { quantity: 4, state: 'faulty' },
      { action: 'take', quantity: 1 },
      { refused: sparePartMessages.takeOnlyAvailable },
    ],
    [
      'returns to stock in any state',
      { quantity: 0, state: 'repair' },
      { action: 'return', quantity: 2 },
      { quantity: 2 },
    ],
    [
      'never returns above the maximum',
      { quantity: 100_000, state: 'available' },
      { action: 'return', quantity: 5 },
      { quantity: 100_000 },
    ],
  ] as const)('%s', (_label, part, movement, outcome) => {
    expect(applyMovement(part, movement)).toEqual(outcome);
  });

  it('says what was recorded', () => {
    expect(movementRecorded({ action: 'take', quantity: 2 }, 'SFP-10G-LR')).toBe(
      '2 × SFP-10G-LR taken from the depot',
    );
    expect(movementRecorded({ action: 'return', quantity: 1 }, 'SFP-10G-LR')).toBe(
      '1 × SFP-10G-LR returned to the depot',
    );
    expect(notEnoughInStock(0)).toBe('None of this part is in stock');
  });
});

describe('the spare parts contract', () => {
  it('names a part by its UUID in the path', () => {
    expect(sparePartParamsSchema.safeParse({ uuid: '6f1c1d8e-3c1a-4f5e-9b7d-2a9c0e4b5f61' }).success).toBe(
      true,
    );
    expect(messagesOf(sparePartParamsSchema, { uuid: '17' })).toEqual([sparePartMessages.uuidInvalid]);
  });

  it('filters the list by depot and state', () => {
    expect(sparePartListQuerySchema.parse({ depotsiteid: '4', state: 'faulty' })).toMatchObject({
      depotsiteid: 4,
      state: 'faulty',
      limit: 100,
      offset: 0,
    });
    expect(messagesOf(sparePartListQuerySchema, { state: 'lost' })).toEqual([sparePartMessages.stateInvalid]);
  });
});
