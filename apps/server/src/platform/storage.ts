import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../config';

// Uploaded files (decisions.md: site access forms) live behind this interface, never in the
// database. The default keeps them in a folder (config.uploads.dir); with several instances behind
// a load balancer that folder must be shared, or another implementation (an object store) takes
// its place without the callers changing.
export type FileStorage = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  // Throws StoredFileMissing when nothing is stored under the key.
  get: (key: string) => Promise<Buffer>;
  // Removing a key that holds nothing is not an error: a retried clean-up must not fail.
  remove: (key: string) => Promise<void>;
};

export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = 'StoredFileMissing';
  }
}

// Keys are made by the server (newStorageKey), never from a user's file name: lower-case segments
// of letters, digits and dashes. Anything else is a programming error, refused before it can name
// a path outside the folder.
const keyPattern = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && keyPattern.test(key);
}

// '<area>/<yyyy>/<mm>/<32 random hex>': spread over folders by month so that none grows without
// bound, and unguessable, so a key never reveals another upload.
export function newStorageKey(area: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${area}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}`;
  if (!isStorageKey(key)) throw new Error(`Storage area ${area} is not a valid key segment`);
  return key;
}

export function localFileStorage(dir: string): FileStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    const path = resolve(root, ...key.split('/'));
    // The pattern already rules this out; the check keeps it true should the pattern ever change.
    if (!path.startsWith(root + sep)) throw new Error(`Storage key escapes the folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed into place, so a reader never sees half a file and a crash leaves
      // only a temporary file behind. 'wx' on the temporary name: two writers never share one.
      const partial = join(dirname(path), `.${randomBytes(8).toString('hex')}.partial`);
      try {
        await writeFile(partial, bytes, { flag: 'wx', mode: 0o600 });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissing(key);
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

// The one place that chooses the storage; only the folder exists so far.
export function fileStorageFor(config: Pick<Config, 'uploads'>): FileStorage {
  return localFileStorage(config.uploads.dir);
}
