import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (19 MiB, 2 passes, 1 lane), OWASP's current minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against a throwaway hash when the user is unknown keeps the reply time the same, so the
// timing does not tell which e-mail addresses have accounts.
let decoy: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hash('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
