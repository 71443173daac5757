// Work a request starts and does not wait for: an event's notices go on being sent after the reply
// (modules/events). A graceful shutdown tells such work to stop at its next safe point and waits for it,
// so a notice half-way through its send is finished and the ones not reached are given back for another
// instance (docs/decisions/048), instead of the process ending under it.
export type DetachedWork = {
  start: (work: (signal: AbortSignal) => Promise<unknown>) => Promise<void>;
  // Tells every piece to stop and resolves once those started so far have finished; a piece started
  // after it is called gets a signal already aborted, so it stops before doing anything.
  finish: () => Promise<void>;
};

export function detachedWork(): DetachedWork {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  return {
    start(work) {
      // Errors are the work's own to log; here they only must not escape as unhandled rejections.
      const piece = work(stopping.signal).then(
        () => undefined,
        () => undefined,
      );
      running.add(piece);
      void piece.finally(() => running.delete(piece));
      return piece;
    },
    async finish() {
      stopping.abort();
      await Promise.all(running);
    },
  };
}
