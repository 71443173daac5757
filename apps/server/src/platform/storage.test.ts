import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStorageKey, localFileStorage, newStorageKey, StoredFileMissing } from './storage';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lightpath-storage-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(folder.length + 1));
}

describe('local file storage', () => {
  it('puts, gets and removes bytes under a key, creating folders as needed', async () => {
    // A folder that does not exist yet: the first put makes it.
    const storage = localFileStorage(join(dir, 'uploads'));
    const key = newStorageKey('access', new Date('2026-07-01T00:00:00Z'));
    expect(key).toMatch(/^access\/2026\/07\/[0-9a-f]{32}$/);
    const bytes = Buffer.from('%PDF-1.7 a form');
    await storage.put(key, bytes);
    expect(await storage.get(key)).toEqual(bytes);
    expect(await readFile(join(dir, 'uploads', ...key.split('/')))).toEqual(bytes);
    // Nothing but the file itself is left behind (no temporary file).
    expect(await filesUnder(join(dir, 'uploads'))).toEqual([key]);
    expect((await stat(join(dir, 'uploads', ...key.split('/')))).mode & 0o777).toBe(0o600);

    await storage.remove(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissing);
    // A second removal is not an error.
    await storage.remove(key);
  });

  it('replaces what a key held', async () => {
    const storage = localFileStorage(dir);
    const key = newStorageKey('access');
    await storage.put(key, Buffer.from('one'));
    await storage.put(key, Buffer.from('two'));
    expect((await storage.get(key)).toString()).toBe('two');
  });

  it('makes a new key every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newStorageKey('access')));
    expect(keys.size).toBe(50);
  });

  it.each([
    '../outside',
    'access/../../etc/passwd',
    '/etc/passwd',
    'access//x',
    'Access/Form.pdf',
    'form.pdf',
    'access\\x',
    '',
    'access/x/',
  ])('refuses the key %j', async (key) => {
    expect(isStorageKey(key)).toBe(false);
    const storage = localFileStorage(dir);
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('refuses an area that is not a key segment', () => {
    expect(() => newStorageKey('../x')).toThrow();
  });
});
