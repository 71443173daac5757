import { type AwxJobStatus, awxJobStatuses } from '@lightpath/domain/awx';
import { type IntegrationHealth, reasonOf, unrecorded } from '../health';
import {
  type Awx,
  AwxError,
  type AwxHostResult,
  type AwxJobInfo,
  type AwxLaunched,
  type AwxLaunchRequest,
  type AwxOutputChunk,
  type AwxTemplate,
  awxTemplateFor,
  awxVariables,
} from './awx';

// The AWX / Automation Controller API v2 client (docs/decisions/029-awx-client.md):
// - `Authorization: Bearer <token>` (a personal access token of the AWX user the portal acts as);
// - every path ends in a slash; lists are { count, next, previous, results } and `next` is a path on
//   the same AWX, followed to the end (never to another host);
// - an error's reason is AWX's own: `detail`, or the field errors of a 400 ("project: A project is
//   required to run a job."), or a failed job's `job_explanation`;
// - every request has a deadline (`timeoutMs`); a call that misses it is `unavailable`.

export type AwxApiOptions = {
  url: string;
  token: string;
  timeoutMs?: number;
  // How long a template found by name is trusted before it is looked up again.
  templateTtlMs?: number;
  fetch?: typeof fetch;
  health?: IntegrationHealth;
  now?: () => number;
};

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

type RawTemplate = {
  id: number;
  name: string;
  ask_variables_on_launch: boolean;
  ask_limit_on_launch: boolean;
};

type RawJob = {
  id: number;
  name: string;
  status: string;
  failed: boolean;
  started: string | null;
  finished: string | null;
  elapsed: number;
  job_explanation: string;
  result_traceback?: string;
  limit: string;
  event_processing_finished: boolean;
};

type RawEvent = { counter: number; stdout: string; start_line: number; end_line: number };

type RawHostSummary = {
  host_name: string;
  ok: number;
  changed: number;
  failures: number;
  dark: number;
  skipped: number;
  ignored?: number;
  rescued?: number;
  failed: boolean;
};

// Output is read a few pages at a time: enough for a burst of a verbose play, bounded per call.
const eventPageSize = 200;
const maxEventPages = 5;
const maxListPages = 50;
// ESC [ ... m: the colour codes AWX keeps in event stdout.
const ansiColour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

// The lines of one event: `end_line - start_line` of them, "\r\n" between (ansible-runner's counting).
export function linesOfEvent(event: RawEvent): string[] {
  const count = event.end_line - event.start_line;
  if (count <= 0) return [];
  const lines = event.stdout.replace(ansiColour, '').split(/\r?\n/);
  while (lines.length < count) lines.push('');
  return lines.slice(0, count);
}

// A 400's field errors as one sentence: { project: ['A project is required to run a job.'] }.
function reasonOfBody(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    const parts = Object.entries(record).map(([field, value]) => {
      const text = Array.isArray(value) ? value.map(String).join(' ') : String(value);
      return field === 'non_field_errors' || field === '__all__' ? text : `${field}: ${text}`;
    });
    if (parts.length > 0) return parts.join('; ');
  }
  return fallback;
}

function toStatus(value: string): AwxJobStatus {
  return (awxJobStatuses as readonly string[]).includes(value) ? (value as AwxJobStatus) : 'error';
}

export function awxApi(options: AwxApiOptions): Awx {
  const base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const templateTtlMs = options.templateTtlMs ?? 5 * 60_000;
  const health = options.health ?? unrecorded;
  const now = options.now ?? Date.now;
  const templates = new Map<string, { at: number; template: Promise<AwxTemplate | null> }>();

  type Answer = { status: number; body: unknown };

  async function send(method: 'GET' | 'POST', target: URL, body?: unknown): Promise<Answer> {
    const what = `${method} ${target.pathname}`;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(target, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const timedOut =
        cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      const detail = timedOut ? `AWX did not answer within ${timeoutMs} ms` : 'AWX is unreachable';
      const error = new AwxError(`AWX did not answer ${what}`, 'unavailable', detail, null, { cause });
      health.failed(reasonOf(error));
      throw error;
    }
    let parsed: unknown = null;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (response.status >= 500 || parsed === undefined) {
      const detail =
        response.status >= 500
          ? reasonOfBody(parsed, `AWX answered ${response.status}`)
          : `AWX answered ${response.status} without JSON`;
      const error = new AwxError(`AWX failed ${what}: ${detail}`, 'unavailable', detail, response.status);
      health.failed(reasonOf(error));
      throw error;
    }
    health.succeeded();
    return { status: response.status, body: parsed };
  }

  function refused(what: string, answer: Answer): AwxError {
    const detail = reasonOfBody(answer.body, `AWX answered ${answer.status}`);
    return new AwxError(`AWX refused ${what}: ${detail}`, 'refused', detail, answer.status);
  }

  function apiUrl(path: string, query: Record<string, string | number> = {}): URL {
    const url = new URL(`api/v2/${path}`, base);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  }

  // A `next` link, kept on the configured AWX whatever it says: the token goes nowhere else.
  function nextUrl(next: string | null, what: string): URL | null {
    if (!next) return null;
    const url = new URL(next, base);
    if (url.origin !== base.origin) throw new AwxError(`AWX paged ${what} to another host`, 'refused', next);
    return url;
  }

  async function getJson<T>(what: string, url: URL): Promise<T> {
    const answer = await send('GET', url);
    if (answer.status !== 200) throw refused(what, answer);
    return answer.body as T;
  }

  async function listAll<T>(what: string, first: URL, pages = maxListPages): Promise<T[]> {
    const rows: T[] = [];
    let next: URL | null = first;
    for (let page = 0; next && page < pages; page += 1) {
      const reply: Page<T> = await getJson<Page<T>>(what, next);
      rows.push(...reply.results);
      next = nextUrl(reply.next, what);
    }
    return rows;
  }

  function findTemplate(name: string): Promise<AwxTemplate | null> {
    const cached = templates.get(name);
    if (cached && now() - cached.at < templateTtlMs) return cached.template;
    const template = listAll<RawTemplate>(
      `the job template ${name}`,
      apiUrl('job_templates/', { name, page_size: 2 }),
      1,
    ).then((rows) => {
      const raw = rows.find((r) => r.name === name);
      return raw
        ? {
            id: raw.id,
            name: raw.name,
            askVariablesOnLaunch: raw.ask_variables_on_launch,
            askLimitOnLaunch: raw.ask_limit_on_launch,
          }
        : null;
    });
    templates.set(name, { at: now(), template });
    // A failed look-up is not kept: the next call asks again.
    template.catch(() => {
      if (templates.get(name)?.template === template) templates.delete(name);
    });
    return template;
  }

  async function launch(request: AwxLaunchRequest): Promise<AwxLaunched> {
    const name = awxTemplateFor(request.operation);
    const template = await findTemplate(name);
    const what = `the launch of ${name}`;
    if (!template) {
      const detail = `AWX has no job template named ${name}`;
      throw new AwxError(`AWX refused ${what}: ${detail}`, 'refused', detail, 404);
    }
    // Without these the job would run without its devices (every host in the inventory, or none of the
    // portal's variables): refused before anything runs.
    const missing = [
      ...(template.askVariablesOnLaunch ? [] : ['variables (Prompt on launch for Variables)']),
      ...(template.askLimitOnLaunch ? [] : ['a limit (Prompt on launch for Limit)']),
    ];
    if (missing.length > 0) {
      templates.delete(name);
      const detail = `job template ${name} does not ask for ${missing.join(' or ')} on launch`;
      throw new AwxError(`AWX refused ${what}: ${detail}`, 'refused', detail, 400);
    }
    const family = request.operation.split('/')[0]!;
    const extraVars = {
      ...request.vars,
      [awxVariables.operation]: request.operation.slice(family.length + 1),
      [awxVariables.devices]: request.devices,
      ...(request.ports ? { [awxVariables.ports]: request.ports } : {}),
      ...(request.filter !== undefined ? { [awxVariables.filter]: request.filter } : {}),
    };
    const answer = await send('POST', apiUrl(`job_templates/${template.id}/launch/`), {
      extra_vars: extraVars,
      limit: request.devices.join(','),
    });
    if (answer.status !== 201 && answer.status !== 200) {
      if (answer.status === 404) templates.delete(name);
      throw refused(what, answer);
    }
    const reply = answer.body as RawJob & { job: number; ignored_fields?: Record<string, unknown> };
    const ignored = Object.keys(reply.ignored_fields ?? {}).filter(
      (f) => f === 'extra_vars' || f === 'limit',
    );
    if (ignored.length > 0) {
      // The template changed since it was looked up: AWX started the job without the devices. Stop it.
      templates.delete(name);
      await send('POST', apiUrl(`jobs/${reply.job}/cancel/`)).catch(() => undefined);
      const detail = `job template ${name} ignored ${ignored.join(' and ')} (turn on Prompt on launch); job ${reply.job} was canceled`;
      throw new AwxError(`AWX refused ${what}: ${detail}`, 'refused', detail, 400);
    }
    return { jobId: reply.job, template: { id: template.id, name }, status: toStatus(reply.status) };
  }

  async function job(jobId: number): Promise<AwxJobInfo> {
    const raw = await getJson<RawJob>(`job ${jobId}`, apiUrl(`jobs/${jobId}/`));
    return {
      id: raw.id,
      name: raw.name,
      status: toStatus(raw.status),
      failed: raw.failed,
      started: raw.started,
      finished: raw.finished,
      elapsed: raw.elapsed,
      explanation: raw.job_explanation ?? '',
      traceback: raw.result_traceback ?? '',
      limit: raw.limit ?? '',
      outputComplete: raw.event_processing_finished && raw.finished !== null,
    };
  }

  // Events whose lines end after `afterLine`, by their first line. They tile the output without gaps,
  // so the read stops at the first one that does not start where the last ended: an event AWX has not
  // saved yet (they are saved in batches, not always in order) is read next time, never skipped.
  async function output(jobId: number, afterLine: number): Promise<AwxOutputChunk> {
    const events = await listAll<RawEvent>(
      `the output of job ${jobId}`,
      apiUrl(`jobs/${jobId}/job_events/`, {
        end_line__gt: afterLine,
        order_by: 'start_line',
        page_size: eventPageSize,
      }),
      maxEventPages,
    );
    const lines: string[] = [];
    let line = afterLine;
    for (const event of events) {
      if (event.end_line <= event.start_line) continue;
      if (event.start_line > line) break;
      const text = linesOfEvent(event);
      lines.push(...text.slice(line - event.start_line));
      line = event.end_line;
    }
    return { lines, nextLine: line };
  }

  async function hostSummaries(jobId: number): Promise<AwxHostResult[]> {
    const rows = await listAll<RawHostSummary>(
      `the host summaries of job ${jobId}`,
      apiUrl(`jobs/${jobId}/job_host_summaries/`, { page_size: 200 }),
    );
    return rows.map((r) => ({
      host: r.host_name,
      ok: r.ok,
      changed: r.changed,
      failures: r.failures,
      dark: r.dark,
      skipped: r.skipped,
      ignored: r.ignored ?? 0,
      rescued: r.rescued ?? 0,
      failed: r.failed,
    }));
  }

  async function cancel(jobId: number): Promise<boolean> {
    const answer = await send('POST', apiUrl(`jobs/${jobId}/cancel/`));
    if (answer.status === 202) return true;
    if (answer.status === 405) return false;
    throw refused(`the cancel of job ${jobId}`, answer);
  }

  return { kind: 'awx', findTemplate, launch, job, output, hostSummaries, cancel };
}
