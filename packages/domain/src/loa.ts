import { z } from 'zod';
import { type CrossConnect, crossConnectLabel } from './colocation';

// Letters of Authorisation (issue 16 item 2, docs/decisions/033). A customer hands the letter to the
// contractor who patches its cross-connect; the site's staff check it at a public page, reached by the
// letter's link or QR code, which answers valid, expired or unknown and nothing else.

// Long enough for a contractor's booked visit, short enough that a lost letter soon lapses; a new one
// is a click away for anyone who may see the cross-connect.
export const loaValidityDays = 30;
export const loaValiditySeconds = loaValidityDays * 86_400;

export const loaMessages = {
  title: 'Letter of Authorisation',
  downloadFailed: 'An error occurred while preparing this Letter of Authorisation',
  verifyFailed: 'The letter could not be checked just now. Try again in a moment.',
} as const;

// A letter sends someone to patch at both racks, so neither may be on its way out (spec 5: a rack
// space with an end date takes no new cross-connect; nor does it take a contractor's visit).
export function loaRefusal(
  crossConnect: Pick<CrossConnect, 'aendrackspaceid' | 'aendenddate' | 'bendrackspaceid' | 'bendenddate'>,
): string | null {
  const ended = [
    crossConnect.aendenddate !== null ? crossConnect.aendrackspaceid : null,
    crossConnect.bendenddate !== null ? crossConnect.bendrackspaceid : null,
  ].filter((rack): rack is string => rack !== null);
  if (ended.length === 0) return null;
  return `No Letter of Authorisation for a cross-connect whose rack space has an end date (${ended.join(', ')})`;
}

export function loaFilename(crossConnect: { crossconnectid: number }) {
  return `LoA ${crossConnectLabel(crossConnect)}.pdf`;
}

// The public page the letter's link and QR code open (apps/web router), beside /login.
export function loaVerifyPath(token: string) {
  return `/loa/verify/${token}`;
}

// Tokens are base64url; anything longer than this is refused before any work is done on it.
export const loaTokenMaxLength = 100;

export const loaStatuses = ['valid', 'expired', 'unknown'] as const;
export type LoaStatus = (typeof loaStatuses)[number];

// What a letter says when checked: a letter whose expiry has passed, or whose cross-connect has
// changed or lost a rack since it was issued, is expired; a token the server did not sign, or whose
// cross-connect is gone, is unknown.
export function loaStatus(
  letter: { expires: number; stillAsIssued: boolean } | null,
  nowSeconds: number,
): LoaStatus {
  if (!letter) return 'unknown';
  if (!letter.stillAsIssued || nowSeconds >= letter.expires) return 'expired';
  return 'valid';
}

// The API contract (docs/decisions/023-one-api-contract.md).

export const loaVerifyParamsSchema = z.object({ token: z.string() });

// Strict: the verification reply names no customer, rack, site or cross-connect, only the answer and,
// for a valid letter, when it lapses.
export const loaVerificationSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('valid'), expires: z.number() }),
  z.strictObject({ status: z.literal('expired') }),
  z.strictObject({ status: z.literal('unknown') }),
]);
export type LoaVerification = z.output<typeof loaVerificationSchema>;

export function loaVerification(status: LoaStatus, expires: number): LoaVerification {
  return status === 'valid' ? { status, expires } : { status };
}
