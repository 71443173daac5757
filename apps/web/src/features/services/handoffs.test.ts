import { describe, expect, it } from 'vitest';
import { choicesFor, handoffChoices } from './handoffs';

const port = (name: string) => ({ port: name, uuid: `uuid-${name}` });

describe('handoffChoices', () => {
  it('lists confident ports first, then maybes, then unsure, each with its end', () => {
    const choices = handoffChoices({
      aConfident: [port('a1')],
      bConfident: [port('b1')],
      aMaybe: [port('a2')],
      bMaybe: [],
      unsure: [port('u1')],
    });
    expect(choices.map((c) => [c.port, c.end, c.confidence])).toEqual([
      ['a1', 'A', 'confident'],
      ['b1', 'B', 'confident'],
      ['a2', 'A', 'maybe'],
      ['u1', 'either', 'unsure'],
    ]);
  });

  it('keeps the surest reading of a port listed twice and tolerates missing groups', () => {
    const choices = handoffChoices({ aConfident: [port('a1')], aMaybe: [port('a1')] });
    expect(choices).toHaveLength(1);
    expect(choices[0]?.confidence).toBe('confident');
  });

  it('offers unsure ports for both ends', () => {
    const choices = handoffChoices({ aConfident: [port('a1')], bMaybe: [port('b1')], unsure: [port('u1')] });
    expect(choicesFor(choices, 'A').map((c) => c.port)).toEqual(['a1', 'u1']);
    expect(choicesFor(choices, 'B').map((c) => c.port)).toEqual(['b1', 'u1']);
  });
});
