import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CrossConnect, crossConnectLabel } from '@lightpath/domain/colocation';
import { loaTokenMaxLength } from '@lightpath/domain/loa';

// A Letter of Authorisation's token is stateless (docs/decisions/033): the letter's facts, signed with
// the server's 'loa' key, so checking one needs no table of letters and no migration. Laid out as
//   version (1) | cross-connect uuid (16) | issued (4) | expires (4) | what it names (8) | signature (16)
// and written as base64url: 66 characters, short enough for a QR code a phone reads off a printout.
// "What it names" is a keyed digest of the ends the letter prints, so a letter stops being valid
// when its cross-connect is moved, re-patched or renamed, without keeping a copy of it anywhere.

export type LoaFacts = { uuid: string; issued: number; expires: number; names: Buffer };

const version = 1;
const namesLength = 8;
const signatureLength = 16;
const factsLength = 1 + 16 + 4 + 4 + namesLength;
const tokenLength = factsLength + signatureLength;

const sign = (key: Buffer, facts: Buffer) =>
  createHmac('sha256', key).update(facts).digest().subarray(0, signatureLength);

// The digest of what the letter prints about the cable: its customer, and each end's rack, panel and port.
export function namesOf(key: Buffer, crossConnect: CrossConnect): Buffer {
  const printed = [
    crossConnectLabel(crossConnect),
    crossConnect.customerid,
    crossConnect.siteid,
    crossConnect.aendrackspaceid,
    crossConnect.aendpanel,
    crossConnect.aendport,
    crossConnect.bendrackspaceid,
    crossConnect.bendpanel,
    crossConnect.bendport,
  ];
  return createHmac('sha256', key)
    .update(`names\n${JSON.stringify(printed)}`)
    .digest()
    .subarray(0, namesLength);
}

export function signLoaToken(key: Buffer, facts: LoaFacts): string {
  const body = Buffer.alloc(factsLength);
  body.writeUInt8(version, 0);
  Buffer.from(facts.uuid.replaceAll('-', ''), 'hex').copy(body, 1);
  body.writeUInt32BE(facts.issued, 17);
  body.writeUInt32BE(facts.expires, 21);
  facts.names.copy(body, 25, 0, namesLength);
  return Buffer.concat([body, sign(key, body)]).toString('base64url');
}

// The facts of a token this server signed, or null for anything else (malformed, truncated, another
// server's, tampered with). Nothing but an HMAC is spent on a token that fails here.
export function readLoaToken(key: Buffer, token: string): LoaFacts | null {
  if (token.length > loaTokenMaxLength || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== tokenLength || bytes.readUInt8(0) !== version) return null;
  // One spelling per token: base64url leaves spare bits in the last character.
  if (bytes.toString('base64url') !== token) return null;
  const body = bytes.subarray(0, factsLength);
  if (!timingSafeEqual(bytes.subarray(factsLength), sign(key, body))) return null;
  const hex = body.subarray(1, 17).toString('hex');
  return {
    uuid: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    issued: body.readUInt32BE(17),
    expires: body.readUInt32BE(21),
    names: Buffer.from(body.subarray(25, factsLength)),
  };
}
