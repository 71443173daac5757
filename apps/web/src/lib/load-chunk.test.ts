import { describe, expect, it, vi } from 'vitest';
import { chunkReloadGuardMs, loadChunk } from './load-chunk';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

const failed = () => new TypeError('Failed to fetch dynamically imported module: /assets/page-abc123.js');
const now = 1_800_000_000_000;

describe('loadChunk', () => {
  it('answers the chunk when it loads', async () => {
    const load = vi.fn(async () => 'page');
    const reload = vi.fn();
    await expect(loadChunk(load, { reload, storage: memoryStorage(), retryDelayMs: 0 })).resolves.toBe(
      'page',
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('fetches a chunk that failed once again, without reloading the page', async () => {
    const load = vi.fn().mockRejectedValueOnce(failed()).mockResolvedValueOnce('page');
    const reload = vi.fn();
    await expect(loadChunk(load, { reload, storage: memoryStorage(), retryDelayMs: 0 })).resolves.toBe(
      'page',
    );
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when the chunk fails twice (a deploy renamed it), and keeps loading meanwhile', async () => {
    const load = vi.fn().mockRejectedValue(failed());
    const reload = vi.fn();
    const storage = memoryStorage();
    const settled = vi.fn();
    void loadChunk(load, { reload, storage, now: () => now, retryDelayMs: 0 }).then(settled, settled);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(storage.values.get('lightpath.chunkReloadedAt')).toBe(String(now));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).not.toHaveBeenCalled();
  });

  it('shows the error after a recent reload instead of reloading again', async () => {
    const load = vi.fn().mockRejectedValue(failed());
    const reload = vi.fn();
    const storage = memoryStorage({ 'lightpath.chunkReloadedAt': String(now - chunkReloadGuardMs + 1000) });
    await expect(loadChunk(load, { reload, storage, now: () => now, retryDelayMs: 0 })).rejects.toThrow(
      /dynamically imported module/,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again once the last reload is long past', async () => {
    const load = vi.fn().mockRejectedValue(failed());
    const reload = vi.fn();
    const storage = memoryStorage({ 'lightpath.chunkReloadedAt': String(now - chunkReloadGuardMs - 1) });
    void loadChunk(load, { reload, storage, now: () => now, retryDelayMs: 0 });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
