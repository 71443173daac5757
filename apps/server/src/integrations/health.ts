// What a real client reports about its calls, for Administration → Integrations (docs/decisions/018):
// `succeeded` when the system answered (whatever it answered), `failed` with the reason when the call
// did not go through. Recording must never slow down or break the caller, so both return at once;
// modules/integrations writes the outcome to the database in the background.
export type IntegrationHealth = {
  succeeded: () => void;
  failed: (reason: string) => void;
};

// For clients built without a recorder (contract tests, one-off scripts).
export const unrecorded: IntegrationHealth = { succeeded: () => undefined, failed: () => undefined };

// An error's message with its causes ('Prometheus did not answer: fetch failed: connect ECONNREFUSED'),
// since the outermost message alone rarely says what went wrong.
export function reasonOf(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const message = current instanceof Error ? current.message : String(current);
    if (message && !parts.includes(message)) parts.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ') || 'unknown error';
}
