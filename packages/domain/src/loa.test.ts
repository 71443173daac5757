import { describe, expect, it } from 'vitest';
import {
  loaFilename,
  loaRefusal,
  loaStatus,
  loaValidityDays,
  loaValiditySeconds,
  loaVerification,
  loaVerificationSchema,
  loaVerifyPath,
} from './loa';

const ends = { aendrackspaceid: 'S0012-UNG-R01', bendrackspaceid: 'S0012-MMR-01' };

describe('a Letter of Authorisation', () => {
  it('lasts 30 days', () => {
    expect(loaValidityDays).toBe(30);
    expect(loaValiditySeconds).toBe(30 * 24 * 60 * 60);
  });

  it.each([
    ['neither rack has an end date', null, null, null],
    [
      'the A end has one',
      1_800_000_000,
      null,
      'No Letter of Authorisation for a cross-connect whose rack space has an end date (S0012-UNG-R01)',
    ],
    [
      'the B end has one',
      null,
      0,
      'No Letter of Authorisation for a cross-connect whose rack space has an end date (S0012-MMR-01)',
    ],
    [
      'both have one',
      1,
      2,
      'No Letter of Authorisation for a cross-connect whose rack space has an end date (S0012-UNG-R01, S0012-MMR-01)',
    ],
  ])('is refused when %s', (_label, aendenddate, bendenddate, message) => {
    expect(loaRefusal({ ...ends, aendenddate, bendenddate })).toBe(message);
  });

  it('is saved under its cross-connect number and checked at its own page', () => {
    expect(loaFilename({ crossconnectid: 42 })).toBe('LoA XC-00042.pdf');
    expect(loaVerifyPath('abc_-1')).toBe('/loa/verify/abc_-1');
  });
});

describe('checking a letter', () => {
  const expires = 2_000_000_000;
  it.each([
    ['a token the server did not sign', null, expires - 1, 'unknown'],
    ['a letter before its expiry', { expires, stillAsIssued: true }, expires - 1, 'valid'],
    ['a letter at its expiry', { expires, stillAsIssued: true }, expires, 'expired'],
    ['a letter after its expiry', { expires, stillAsIssued: true }, expires + 1, 'expired'],
    ['a letter whose cross-connect has changed', { expires, stillAsIssued: false }, expires - 1, 'expired'],
  ] as const)('answers %s as %s', (_label, letter, now, status) => {
    expect(loaStatus(letter, now)).toBe(status);
  });

  it('tells the expiry of a valid letter only, and nothing else ever', () => {
    expect(loaVerification('valid', expires)).toEqual({ status: 'valid', expires });
    expect(loaVerification('expired', expires)).toEqual({ status: 'expired' });
    expect(loaVerification('unknown', expires)).toEqual({ status: 'unknown' });
    expect(loaVerificationSchema.safeParse({ status: 'valid', expires, customer: 'UNG' }).success).toBe(
      false,
    );
    expect(loaVerificationSchema.safeParse({ status: 'expired', expires }).success).toBe(false);
    expect(loaVerificationSchema.safeParse({ status: 'revoked' }).success).toBe(false);
  });
});
