// An external system that did not answer (its timeout ran out, or the connection failed) is not asked
// again for a while: each call in that pause fails at once, as the failed call did, instead of waiting
// out the whole timeout again. Without it, a page that makes five calls to a dead Prometheus holds five
// of the browser's six connections for the whole timeout, the sidebar's NetBox count holds every page
// for ten seconds, and requests pile up on the server (issue 19, docs/decisions/045). An answer of any
// status is an answer: only a call that got none starts a pause. When the pause is over one call goes
// through to find out, and the others keep failing at once until it is back.
//
// The clients take a `fetch`, so the pause wraps it and each client maps the quick failure to its own
// "cannot be reached" message as it does a timeout.
export class ExternalSystemPaused extends Error {
  constructor(system: string, sinceMs: number) {
    super(`${system} did not answer ${Math.round(sinceMs / 1000)} s ago, so it was not asked again yet`);
    this.name = 'ExternalSystemPaused';
  }
}

export function fetchPausedAfterFailure(
  system: string,
  pauseMs: number,
  options: { fetch?: typeof fetch; now?: () => number } = {},
): typeof fetch {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  if (pauseMs <= 0) return doFetch;
  let failedAt: number | null = null;
  let probing = false;

  return async (input, init) => {
    let probe = false;
    if (failedAt !== null) {
      if (probing || now() - failedAt < pauseMs) throw new ExternalSystemPaused(system, now() - failedAt);
      probing = true;
      probe = true;
    }
    try {
      const response = await doFetch(input, init);
      failedAt = null;
      return response;
    } catch (error) {
      // The caller giving up (a closed page's request) says nothing about the system.
      const callerGaveUp = error instanceof Error && error.name === 'AbortError';
      if (!callerGaveUp) failedAt = now();
      throw error;
    } finally {
      if (probe) probing = false;
    }
  };
}
