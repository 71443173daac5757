import { describe, expect, it } from 'vitest';
import {
  type CrossConnectEnd,
  canHoldRackSpace,
  colocationMessages,
  crossConnectCreateSchema,
  crossConnectLabel,
  crossConnectProblem,
  crossConnectUpdateSchema,
  isSelectableRackSpace,
  rackSpaceCreateSchema,
  rackSpaceEnded,
  rackSpaceParamsSchema,
  rackSpaceUpdateSchema,
} from './colocation';

type Schema =
  | typeof rackSpaceCreateSchema
  | typeof rackSpaceUpdateSchema
  | typeof crossConnectCreateSchema
  | typeof crossConnectUpdateSchema;

function messagesOf(schema: Schema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

const rack = { rackspaceid: 'SYD-GDC-R07', description: 'Half rack, row 7', siteid: 3, customerid: 9 };

describe('a rack space', () => {
  it('is created with its rack id upper-cased and trimmed, and empty text as null', () => {
    expect(rackSpaceCreateSchema.parse({ ...rack, rackspaceid: ' syd-gdc-r07 ', enddate: null })).toEqual({
      ...rack,
      enddate: null,
    });
    expect(rackSpaceCreateSchema.parse({ ...rack, description: '' })).toEqual({ ...rack, description: null });
  });

  it.each([
    ['a missing rack id', { ...rack, rackspaceid: undefined }, colocationMessages.rackIdRequired],
    ['a blank rack id', { ...rack, rackspaceid: '  ' }, colocationMessages.rackIdRequired],
    ['a rack id with a slash', { ...rack, rackspaceid: 'R07/U12' }, colocationMessages.rackIdInvalid],
    ['a rack id with a space', { ...rack, rackspaceid: 'R 07' }, colocationMessages.rackIdInvalid],
    ['a rack id too long', { ...rack, rackspaceid: 'R'.repeat(41) }, colocationMessages.rackIdInvalid],
    [
      'a description too long',
      { ...rack, description: 'd'.repeat(201) },
      colocationMessages.descriptionTooLong,
    ],
    ['a missing site', { ...rack, siteid: undefined }, colocationMessages.siteRequired],
    ['a site id of 0', { ...rack, siteid: 0 }, colocationMessages.siteRequired],
    ['a missing customer', { ...rack, customerid: undefined }, colocationMessages.customerRequired],
    ['an end date as text', { ...rack, enddate: '2027-01-01' }, colocationMessages.endDateInvalid],
    ['a fractional end date', { ...rack, enddate: 1.5 }, colocationMessages.endDateInvalid],
    ['an unknown field', { ...rack, uuid: 'x' }, 'Unrecognized key: "uuid"'],
  ])('refuses %s with its message', (_label, input, message) => {
    expect(messagesOf(rackSpaceCreateSchema, input)).toEqual([message]);
  });

  it('can be renamed, described and ended, but never moved to another site or customer', () => {
    expect(rackSpaceUpdateSchema.parse({ rackspaceid: 'r08', enddate: 1_800_000_000 })).toEqual({
      rackspaceid: 'R08',
      enddate: 1_800_000_000,
    });
    expect(rackSpaceUpdateSchema.parse({ enddate: null })).toEqual({ enddate: null });
    expect(messagesOf(rackSpaceUpdateSchema, { siteid: 4 })).toEqual(['Unrecognized key: "siteid"']);
    expect(messagesOf(rackSpaceUpdateSchema, { customerid: 4 })).toEqual(['Unrecognized key: "customerid"']);
    expect(messagesOf(rackSpaceUpdateSchema, { rackspaceid: '' })).toEqual([
      colocationMessages.rackIdRequired,
    ]);
  });

  it('is named in a path by its rack id as it is now, in any case', () => {
    expect(rackSpaceParamsSchema.parse({ originalRackID: 'syd-gdc-r07' })).toEqual({
      originalRackID: 'SYD-GDC-R07',
    });
    expect(rackSpaceParamsSchema.safeParse({ originalRackID: 'a b' }).success).toBe(false);
  });

  it('is selectable only without an end date', () => {
    expect(isSelectableRackSpace({ enddate: null })).toBe(true);
    expect(isSelectableRackSpace({ enddate: 1_900_000_000 })).toBe(false);
    expect(rackSpaceEnded({ rackspaceid: 'R07' })).toBe(
      'Rack space R07 has an end date and cannot be chosen',
    );
  });

  it("sits at the provider's or its customer's physical and interconnect sites only", () => {
    const provider = 1;
    expect(canHoldRackSpace({ customerId: provider, siteType: 1 }, 9, provider)).toBe(true);
    expect(canHoldRackSpace({ customerId: provider, siteType: 5 }, 9, provider)).toBe(true);
    expect(canHoldRackSpace({ customerId: 9, siteType: 1 }, 9, provider)).toBe(true);
    expect(canHoldRackSpace({ customerId: 8, siteType: 1 }, 9, provider)).toBe(false);
    expect(canHoldRackSpace({ customerId: provider, siteType: 2 }, 9, provider)).toBe(false);
    expect(canHoldRackSpace({ customerId: 9, siteType: 3 }, 9, provider)).toBe(false);
  });
});

const end = (uuid: string, values: Partial<CrossConnectEnd> = {}): CrossConnectEnd => ({
  uuid,
  rackspaceid: uuid.toUpperCase(),
  siteid: 3,
  customerid: 9,
  enddate: null,
  ...values,
});
const provider = 1;
const fresh = { customerId: 9, providerCustomerId: provider, chosen: { a: true, b: true } };

describe('a cross-connect', () => {
  it('takes two rack ids and optional panels and ports', () => {
    expect(
      crossConnectCreateSchema.parse({
        aendrackspaceid: 'r07',
        bendrackspaceid: 'pop-r01',
        aendpanel: 'PP1',
        bendport: '',
      }),
    ).toEqual({ aendrackspaceid: 'R07', bendrackspaceid: 'POP-R01', aendpanel: 'PP1', bendport: null });
  });

  it.each([
    ['a missing A end', { bendrackspaceid: 'R1' }, colocationMessages.aEndRequired],
    ['a missing B end', { aendrackspaceid: 'R1' }, colocationMessages.bEndRequired],
    [
      'a panel too long',
      { aendrackspaceid: 'R1', bendrackspaceid: 'R2', aendpanel: 'p'.repeat(41) },
      colocationMessages.panelTooLong,
    ],
    [
      'a port too long',
      { aendrackspaceid: 'R1', bendrackspaceid: 'R2', bendport: 'p'.repeat(41) },
      colocationMessages.portTooLong,
    ],
    [
      'a customer',
      { aendrackspaceid: 'R1', bendrackspaceid: 'R2', customerid: 3 },
      'Unrecognized key: "customerid"',
    ],
  ])('refuses %s with its message', (_label, input, message) => {
    expect(messagesOf(crossConnectCreateSchema, input)).toEqual([message]);
  });

  it('may change either end, a panel or a port alone', () => {
    expect(crossConnectUpdateSchema.parse({})).toEqual({});
    expect(crossConnectUpdateSchema.parse({ bendrackspaceid: 'r9' })).toEqual({ bendrackspaceid: 'R9' });
  });

  it.each([
    ['two rack spaces of the customer at one site', end('a'), end('b'), fresh, null],
    ["the customer's rack and the network's", end('a'), end('b', { customerid: provider }), fresh, null],
    [
      'one rack space twice',
      end('a'),
      end('a'),
      fresh,
      { path: 'bendrackspaceid', message: colocationMessages.sameEnds },
    ],
    [
      'a newly chosen A end with an end date',
      end('a', { enddate: 1 }),
      end('b'),
      fresh,
      { path: 'aendrackspaceid', message: 'Rack space A has an end date and cannot be chosen' },
    ],
    [
      'a newly chosen B end with an end date',
      end('a'),
      end('b', { enddate: 1 }),
      fresh,
      { path: 'bendrackspaceid', message: 'Rack space B has an end date and cannot be chosen' },
    ],
    [
      'an end with an end date kept as it was',
      end('a', { enddate: 1 }),
      end('b'),
      { ...fresh, chosen: { a: false, b: true } },
      null,
    ],
    [
      "another customer's rack at the B end",
      end('a'),
      end('b', { customerid: 8 }),
      fresh,
      { path: 'bendrackspaceid', message: colocationMessages.bEndForeign },
    ],
    [
      "an A end that is not the cross-connect's customer's",
      end('a', { customerid: 8 }),
      end('b'),
      fresh,
      { path: 'aendrackspaceid', message: colocationMessages.aEndOtherCustomer },
    ],
    [
      'ends at two sites',
      end('a'),
      end('b', { siteid: 4 }),
      fresh,
      { path: 'bendrackspaceid', message: colocationMessages.differentSites },
    ],
  ])('joining %s: %j', (_label, a, b, rules, problem) => {
    expect(crossConnectProblem({ a, b }, rules)).toEqual(problem);
  });

  it('is labelled by its number', () => {
    expect(crossConnectLabel({ crossconnectid: 42 })).toBe('XC-00042');
  });
});
