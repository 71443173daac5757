import { createHash, randomBytes } from 'node:crypto';

// 256 bits of randomness; the database keeps only the SHA-256, which is enough for a random secret
// (a slow hash only matters for guessable secrets such as passwords).
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
