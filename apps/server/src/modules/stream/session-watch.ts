import { listenerKey } from '@lightpath/domain/live-updates';
import type { FastifyBaseLogger } from 'fastify';
import type { RawQuery } from '../../db/client';
import { findLiveSessions } from '../../platform/request-context';

// Ends a live stream soon after its session stops being good: logout, revocation (a password change
// or reset revokes every session of the user), expiry, a disabled account, or a change of the role or
// customer it acts as (decisions.md 'Live updates': within one second). One query per instance every
// `intervalMs` checks every open stream at once, and only while streams are open. Reading the shared
// sessions table, rather than being told in memory, makes a logout through one instance end the
// streams held by every other.

export type SessionWatch = {
  // Calls `end` once when the session is gone or acts as someone else than `key` says.
  watch: (tokenHash: string, key: string, end: () => void) => () => void;
  stop: () => void;
};

type Watched = { tokenHash: string; key: string; end: () => void };

export function createSessionWatch(options: {
  query: RawQuery;
  log: FastifyBaseLogger;
  intervalMs: number;
}): SessionWatch {
  const { query, log, intervalMs } = options;
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | null = null;
  let failing = false;

  function schedule() {
    if (timer || watched.size === 0) return;
    timer = setTimeout(() => void check(), intervalMs);
    timer.unref();
  }

  async function check() {
    try {
      const hashes = [...new Set([...watched].map((entry) => entry.tokenHash))];
      if (hashes.length > 0) {
        const live = await findLiveSessions(query, hashes);
        for (const entry of [...watched]) {
          const actor = live.get(entry.tokenHash);
          if (actor && listenerKey(actor) === entry.key) continue;
          watched.delete(entry);
          entry.end();
        }
      }
      failing = false;
    } catch (error) {
      // The database is away: the streams stay open (the change feed cannot read either) and the
      // check goes on; said once, not every tick.
      if (!failing) log.warn({ err: error }, 'live stream: checking sessions failed; retrying');
      failing = true;
    }
    timer = null;
    schedule();
  }

  return {
    watch(tokenHash, key, end) {
      const entry = { tokenHash, key, end };
      watched.add(entry);
      schedule();
      return () => {
        watched.delete(entry);
      };
    },
    stop() {
      watched.clear();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
