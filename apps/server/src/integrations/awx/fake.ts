import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

// A stand-in AWX (API v2) for tests and for the simulator: just the endpoints the client uses, with
// AWX's shapes (docs/decisions/029-awx-client.md lists what each is modelled on):
// - every path ends in a slash; a GET without one is redirected (301) as Django does;
// - `Authorization: Bearer <token>` or 401 with AWX's own `detail`;
// - lists are { count, next, previous, results } with relative `next` links and `page_size` up to 200;
// - a launch answers 201 with `job`, `ignored_fields` and the job; variables a template does not ask for
//   on launch, and a limit it does not ask for, are dropped and named in `ignored_fields`, and the job
//   runs anyway (AWX's JobLaunchSerializer excludes 'prompts' errors);
// - a job goes pending -> waiting -> running -> successful / failed on a clock, its output arrives as
//   job events one at a time while it runs (`counter`, `stdout` with "\r\n" between lines, `start_line`,
//   `end_line` as ansible-runner counts them), its host summaries exist once it has finished, and
//   `event_processing_finished` turns true a moment after the end;
// - cancel answers 202 while the job is new, pending, waiting or running and 405 after.
// The same engine answers over HTTP on 127.0.0.1 (startFakeAwx, for the contract test) and in process
// through `fetch` (the simulator): nothing in it depends on how the request arrived.

export type FakeTaskResult = {
  host: string;
  status: 'ok' | 'changed' | 'failed' | 'skipped' | 'unreachable';
  // Lines printed under the result (a debug task's message, a command's output).
  lines?: string[];
};
export type FakeTask = { name: string; results: FakeTaskResult[] };
export type FakePlay = { name: string; hosts: string[]; tasks: FakeTask[] };

export type FakeLaunch = { template: string; extraVars: Record<string, unknown>; limit: string };
// What a template's playbook does with a launch; it is run once, at launch.
export type FakePlaybook = (launch: FakeLaunch) => FakePlay | Promise<FakePlay>;

export type FakeTemplate = {
  name: string;
  askVariablesOnLaunch: boolean;
  askLimitOnLaunch: boolean;
  // The template's own variables (AWX drops a prompted variable equal to the template's own).
  extraVars?: Record<string, unknown>;
  // A template without a project cannot launch: AWX answers 400.
  project?: number | null;
  playbook: FakePlaybook;
  // The job ends in `error` with this explanation instead of running its play (a lost execution node).
  errorExplanation?: string;
};

export type FakeAwxTiming = {
  // How long a job stays pending, then waiting, before it runs; then one event every `eventMs`.
  pendingMs: number;
  waitingMs: number;
  eventMs: number;
  // When set, each job's events are spread over this long instead (`eventMs` is then per job).
  runMs?: number;
  // After the job ends, how long until every event is saved (event_processing_finished).
  processingMs: number;
};

export type FakeAwxOptions = {
  token?: string;
  templates: FakeTemplate[];
  timing?: Partial<FakeAwxTiming>;
  now?: () => number;
};

type Event = {
  event: string;
  stdout: string;
  lines: number;
  host: string | null;
  task: string;
  play: string;
  failed: boolean;
  changed: boolean;
};

type Job = {
  id: number;
  template: FakeTemplate & { id: number };
  extraVars: Record<string, unknown>;
  limit: string;
  createdAt: number;
  events: Event[];
  // Per host: ok, changed, failures, dark, skipped.
  summaries: Map<string, { ok: number; changed: number; failures: number; dark: number; skipped: number }>;
  failed: boolean;
  canceledAt: number | null;
  eventMs: number;
};

export const defaultFakeTiming: FakeAwxTiming = {
  pendingMs: 300,
  waitingMs: 300,
  eventMs: 80,
  processingMs: 200,
};

const notAuthenticated =
  'Authentication credentials were not provided. To establish a login session, visit /api/login/.';
const maxPageSize = 200;
const defaultPageSize = 25;

const stars = (text: string) => `${text} ${'*'.repeat(Math.max(3, 79 - text.length))}`;

// The events of a play as ansible-runner would report them.
function eventsOf(play: FakePlay): Event[] {
  const events: Event[] = [];
  const push = (e: Partial<Event> & { event: string; text: string[] }) =>
    events.push({
      event: e.event,
      stdout: e.text.join('\r\n'),
      lines: e.text.length,
      host: e.host ?? null,
      task: e.task ?? '',
      play: play.name,
      failed: e.failed ?? false,
      changed: e.changed ?? false,
    });
  push({ event: 'playbook_on_start', text: [] });
  push({ event: 'playbook_on_play_start', text: ['', stars(`PLAY [${play.name}]`)] });
  for (const task of play.tasks) {
    push({ event: 'playbook_on_task_start', task: task.name, text: ['', stars(`TASK [${task.name}]`)] });
    for (const r of task.results) {
      const head = {
        ok: `ok: [${r.host}]`,
        changed: `changed: [${r.host}]`,
        skipped: `skipping: [${r.host}]`,
        failed: `fatal: [${r.host}]: FAILED! =>`,
        unreachable: `fatal: [${r.host}]: UNREACHABLE! =>`,
      }[r.status];
      const extra = r.lines ?? [];
      const text =
        extra.length === 0
          ? [head]
          : r.status === 'failed' || r.status === 'unreachable'
            ? [`${head} ${extra[0]}`, ...extra.slice(1)]
            : [`${head} => {`, ...extra.map((l) => `    ${l}`), '}'];
      push({
        event: {
          ok: 'runner_on_ok',
          changed: 'runner_on_ok',
          skipped: 'runner_on_skipped',
          failed: 'runner_on_failed',
          unreachable: 'runner_on_unreachable',
        }[r.status],
        host: r.host,
        task: task.name,
        failed: r.status === 'failed' || r.status === 'unreachable',
        changed: r.status === 'changed',
        text,
      });
    }
  }
  return events;
}

function summariesOf(play: FakePlay): Job['summaries'] {
  const summaries: Job['summaries'] = new Map();
  for (const host of play.hosts) summaries.set(host, { ok: 0, changed: 0, failures: 0, dark: 0, skipped: 0 });
  for (const task of play.tasks) {
    for (const r of task.results) {
      const s = summaries.get(r.host) ?? { ok: 0, changed: 0, failures: 0, dark: 0, skipped: 0 };
      if (r.status === 'ok') s.ok += 1;
      if (r.status === 'changed') {
        s.ok += 1;
        s.changed += 1;
      }
      if (r.status === 'failed') s.failures += 1;
      if (r.status === 'unreachable') s.dark += 1;
      if (r.status === 'skipped') s.skipped += 1;
      summaries.set(r.host, s);
    }
  }
  return summaries;
}

function recapOf(summaries: Job['summaries']): Event {
  const width = Math.max(0, ...[...summaries.keys()].map((h) => h.length)) + 1;
  const text = ['', stars('PLAY RECAP')];
  for (const [host, s] of summaries) {
    text.push(
      `${host.padEnd(width)}: ok=${s.ok}    changed=${s.changed}    unreachable=${s.dark}    ` +
        `failed=${s.failures}    skipped=${s.skipped}    rescued=0    ignored=0   `,
    );
  }
  return {
    event: 'playbook_on_stats',
    stdout: text.join('\r\n'),
    lines: text.length,
    host: null,
    task: '',
    play: '',
    failed: false,
    changed: false,
  };
}

// A play's whole output as AWX's stdout reads once it has run to the end (the events' lines, then the
// recap), and its host summaries: for jobs recorded without running them (the seed's past jobs), so
// they read exactly as the simulator's do.
export function transcriptOf(play: FakePlay): {
  lines: string[];
  summaries: { host: string; ok: number; changed: number; failures: number; dark: number; skipped: number }[];
} {
  const summaries = summariesOf(play);
  const lines = [...eventsOf(play), recapOf(summaries)].flatMap((e) =>
    e.lines === 0 ? [] : e.stdout.split('\r\n'),
  );
  return { lines, summaries: [...summaries].map(([host, s]) => ({ host, ...s })) };
}

class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export type AwxEngine = {
  token: string;
  // Answers one request as AWX would.
  handle: (request: Request) => Promise<Response>;
  // `handle` as a fetch, for a client in the same process.
  fetch: typeof fetch;
  // Every request seen: method, path and query, for tests to check what the client sent.
  requests: { method: string; path: string; search: string }[];
  timing: FakeAwxTiming;
};

export function awxEngine(options: FakeAwxOptions): AwxEngine {
  const token = options.token ?? 'fake-awx-token-0123456789';
  const timing = { ...defaultFakeTiming, ...options.timing };
  const now = options.now ?? Date.now;
  const templates = options.templates.map((t, i) => ({ ...t, id: 7 + i }));
  const jobs = new Map<number, Job>();
  const requests: AwxEngine['requests'] = [];
  let nextJobId = 101;

  // Where a job is at `at`: its status, the events emitted so far and when it started and ended.
  function stateOf(job: Job, at = now()) {
    const all = job.events.length;
    const startsAt = job.createdAt + timing.pendingMs + timing.waitingMs;
    const endsAt = startsAt + all * job.eventMs;
    const cut = job.canceledAt !== null && job.canceledAt < endsAt ? job.canceledAt : null;
    const t = cut !== null ? Math.min(at, cut) : at;
    const emitted = t < startsAt ? 0 : Math.min(all, Math.floor((t - startsAt) / job.eventMs) + 1);
    let status: string;
    if (cut !== null && at >= cut) status = 'canceled';
    else if (t < job.createdAt + timing.pendingMs) status = 'pending';
    else if (t < startsAt) status = 'waiting';
    else if (t < endsAt) status = 'running';
    else if (job.template.errorExplanation) status = 'error';
    else status = job.failed ? 'failed' : 'successful';
    const finishedAt =
      status === 'canceled' ? cut : ['running', 'pending', 'waiting'].includes(status) ? null : endsAt;
    return {
      status,
      emitted,
      startedAt: t >= startsAt || (cut !== null && cut >= startsAt) ? startsAt : null,
      finishedAt,
      processed: finishedAt !== null && at >= finishedAt + timing.processingMs,
    };
  }

  function jobJson(job: Job) {
    const s = stateOf(job);
    const end = s.finishedAt ?? now();
    // A play that failed explains itself in its output; AWX explains only what ended the job otherwise.
    const explanation = s.status === 'error' ? (job.template.errorExplanation ?? '') : '';
    return {
      id: job.id,
      type: 'job',
      url: `/api/v2/jobs/${job.id}/`,
      related: {
        job_template: `/api/v2/job_templates/${job.template.id}/`,
        stdout: `/api/v2/jobs/${job.id}/stdout/`,
        job_events: `/api/v2/jobs/${job.id}/job_events/`,
        job_host_summaries: `/api/v2/jobs/${job.id}/job_host_summaries/`,
        cancel: `/api/v2/jobs/${job.id}/cancel/`,
      },
      summary_fields: { job_template: { id: job.template.id, name: job.template.name, description: '' } },
      created: iso(job.createdAt),
      modified: iso(end),
      name: job.template.name,
      description: '',
      job_type: 'run',
      inventory: 1,
      project: job.template.project ?? 6,
      playbook: `${job.template.name}.yml`,
      scm_branch: '',
      forks: 0,
      limit: job.limit,
      verbosity: 0,
      extra_vars: JSON.stringify(job.extraVars),
      job_tags: '',
      force_handlers: false,
      skip_tags: '',
      start_at_task: '',
      timeout: 0,
      use_fact_cache: false,
      organization: 1,
      unified_job_template: job.template.id,
      launch_type: 'manual',
      status: s.status,
      execution_environment: 1,
      failed: ['failed', 'error', 'canceled'].includes(s.status),
      started: iso(s.startedAt),
      finished: iso(s.finishedAt),
      canceled_on: s.status === 'canceled' ? iso(s.finishedAt) : null,
      elapsed: s.startedAt === null ? 0 : Math.round(end - s.startedAt) / 1000,
      job_explanation: explanation,
      execution_node: s.startedAt === null ? '' : 'awx-task-0',
      controller_node: '',
      result_traceback: '',
      event_processing_finished: s.processed,
      launched_by: { id: 3, name: 'lightpath', type: 'user', url: '/api/v2/users/3/' },
      work_unit_id: s.startedAt === null ? null : `wu${job.id}`,
      job_template: job.template.id,
      passwords_needed_to_start: [],
      allow_simultaneous: true,
      artifacts: {},
      scm_revision: '',
      instance_group: 1,
      diff_mode: false,
      job_slice_number: 0,
      job_slice_count: 1,
    };
  }

  function templateJson(t: (typeof templates)[number]) {
    return {
      id: t.id,
      type: 'job_template',
      url: `/api/v2/job_templates/${t.id}/`,
      related: { launch: `/api/v2/job_templates/${t.id}/launch/` },
      summary_fields: {},
      name: t.name,
      description: '',
      job_type: 'run',
      inventory: 1,
      project: t.project === undefined ? 6 : t.project,
      playbook: `${t.name}.yml`,
      extra_vars: JSON.stringify(t.extraVars ?? {}),
      ask_variables_on_launch: t.askVariablesOnLaunch,
      ask_limit_on_launch: t.askLimitOnLaunch,
      ask_inventory_on_launch: false,
      ask_credential_on_launch: false,
      survey_enabled: false,
      allow_simultaneous: true,
    };
  }

  function page(url: URL, rows: unknown[]) {
    const size = Math.min(
      maxPageSize,
      Math.max(1, Number(url.searchParams.get('page_size') ?? defaultPageSize)),
    );
    const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const link = (n: number) => {
      const params = new URLSearchParams(url.searchParams);
      params.set('page', String(n));
      return `${url.pathname}?${params.toString()}`;
    };
    if ((number - 1) * size > rows.length && rows.length > 0)
      return new Reply(404, { detail: 'Invalid page.' });
    return new Reply(200, {
      count: rows.length,
      next: number * size < rows.length ? link(number + 1) : null,
      previous: number > 1 ? link(number - 1) : null,
      results: rows.slice((number - 1) * size, number * size),
    });
  }

  const notFound = () => new Reply(404, { detail: 'Not found.' });
  const notAllowed = (method: string) => new Reply(405, { detail: `Method "${method}" not allowed.` });

  // Drops what the template does not ask for, as JobTemplate._accept_or_ignore_job_kwargs does.
  function acceptOrIgnore(t: FakeTemplate, body: Record<string, unknown>) {
    const ignored: Record<string, unknown> = {};
    let extraVars: Record<string, unknown> = {};
    const given = body.extra_vars;
    const vars: Record<string, unknown> =
      typeof given === 'string'
        ? given.trim()
          ? (JSON.parse(given) as Record<string, unknown>)
          : {}
        : ((given as Record<string, unknown>) ?? {});
    if (t.askVariablesOnLaunch) extraVars = { ...(t.extraVars ?? {}), ...vars };
    else {
      const own = t.extraVars ?? {};
      const rejected = Object.fromEntries(
        Object.entries(vars).filter(([k, v]) => JSON.stringify(own[k]) !== JSON.stringify(v)),
      );
      if (Object.keys(rejected).length > 0) ignored.extra_vars = rejected;
      extraVars = { ...own };
    }
    let limit = '';
    if (typeof body.limit === 'string' && body.limit !== '') {
      if (t.askLimitOnLaunch) limit = body.limit;
      else ignored.limit = body.limit;
    }
    return { extraVars, limit, ignored };
  }

  async function launch(t: (typeof templates)[number], body: Record<string, unknown>) {
    if (t.project === null) return new Reply(400, { project: ['A project is required to run a job.'] });
    if (
      body.extra_vars !== undefined &&
      typeof body.extra_vars !== 'object' &&
      typeof body.extra_vars !== 'string'
    )
      return new Reply(400, { extra_vars: ['Must be valid JSON or YAML.'] });
    const { extraVars, limit, ignored } = acceptOrIgnore(t, body);
    const play = await t.playbook({ template: t.name, extraVars, limit });
    const summaries = summariesOf(play);
    const events = [...eventsOf(play), recapOf(summaries)];
    const job: Job = {
      id: nextJobId++,
      template: t,
      extraVars,
      limit,
      createdAt: now(),
      events,
      summaries,
      failed: [...summaries.values()].some((s) => s.failures > 0 || s.dark > 0),
      canceledAt: null,
      eventMs: timing.runMs ? Math.max(1, timing.runMs / events.length) : timing.eventMs,
    };
    jobs.set(job.id, job);
    return new Reply(
      201,
      { job: job.id, ignored_fields: ignored, ...jobJson(job) },
      { location: `/api/v2/jobs/${job.id}/` },
    );
  }

  function eventRows(job: Job) {
    const s = stateOf(job);
    let line = 0;
    return job.events.slice(0, s.emitted).map((e, i) => {
      const start = line;
      line += e.lines;
      return {
        id: job.id * 10000 + i + 1,
        type: 'job_event',
        url: `/api/v2/job_events/${job.id * 10000 + i + 1}/`,
        created: iso(job.createdAt),
        modified: iso(job.createdAt),
        job: job.id,
        event: e.event,
        counter: i + 1,
        event_display: e.event,
        event_data: {},
        event_level: e.host ? 3 : e.event === 'playbook_on_task_start' ? 2 : 1,
        failed: e.failed,
        changed: e.changed,
        uuid: randomUUID(),
        parent_uuid: '',
        host: null,
        host_name: e.host ?? '',
        playbook: `${job.template.name}.yml`,
        play: e.play,
        task: e.task,
        role: '',
        stdout: e.stdout,
        start_line: start,
        end_line: line,
        verbosity: 0,
      };
    });
  }

  // The field lookups the job events list takes (AWX filters on any model field; these are the ones used).
  function filterEvents(url: URL, rows: ReturnType<typeof eventRows>) {
    let out = rows;
    for (const [key, value] of url.searchParams) {
      const m = /^(counter|start_line|end_line)(?:__(gt|gte|lt|lte))?$/.exec(key);
      if (!m) continue;
      const field = m[1] as 'counter' | 'start_line' | 'end_line';
      const n = Number(value);
      const op = m[2] ?? 'exact';
      out = out.filter((r) =>
        op === 'gt'
          ? r[field] > n
          : op === 'gte'
            ? r[field] >= n
            : op === 'lt'
              ? r[field] < n
              : op === 'lte'
                ? r[field] <= n
                : r[field] === n,
      );
    }
    const order = url.searchParams.get('order_by');
    if (order === 'start_line' || order === 'counter') out = [...out].sort((a, b) => a[order] - b[order]);
    return out;
  }

  async function route(method: string, url: URL, body: unknown): Promise<Reply> {
    const path = url.pathname;
    if (path === '/api/v2/job_templates/' && method === 'GET') {
      const name = url.searchParams.get('name');
      return page(url, templates.filter((t) => name === null || t.name === name).map(templateJson));
    }
    const launchPath = /^\/api\/v2\/job_templates\/(\d+)\/launch\/$/.exec(path);
    if (launchPath) {
      const t = templates.find((x) => x.id === Number(launchPath[1]));
      if (!t) return notFound();
      if (method === 'GET')
        return new Reply(200, {
          ask_variables_on_launch: t.askVariablesOnLaunch,
          ask_limit_on_launch: t.askLimitOnLaunch,
          can_start_without_user_input: true,
          passwords_needed_to_start: [],
          variables_needed_to_start: [],
          survey_enabled: false,
          job_template_data: { name: t.name, id: t.id, description: '' },
        });
      if (method !== 'POST') return notAllowed(method);
      return launch(t, (body ?? {}) as Record<string, unknown>);
    }
    const m = /^\/api\/v2\/jobs\/(\d+)\/(?:(job_events|job_host_summaries|cancel|stdout)\/)?$/.exec(path);
    if (m) {
      const job = jobs.get(Number(m[1]));
      if (!job) return notFound();
      const sub = m[2];
      const s = stateOf(job);
      if (sub === 'cancel') {
        const cancelable = ['new', 'pending', 'waiting', 'running'].includes(s.status);
        if (method === 'GET') return new Reply(200, { can_cancel: cancelable });
        if (method !== 'POST') return notAllowed(method);
        if (!cancelable) return notAllowed(method);
        job.canceledAt = now();
        return new Reply(202, null);
      }
      if (method !== 'GET') return notAllowed(method);
      if (sub === undefined) return new Reply(200, jobJson(job));
      if (sub === 'job_events') return page(url, filterEvents(url, eventRows(job)));
      if (sub === 'stdout') {
        const text = eventRows(job)
          .filter((r) => r.end_line > r.start_line)
          .map((r) => r.stdout)
          .join('\r\n');
        return new Reply(200, text, { 'content-type': 'text/plain; charset=utf-8' });
      }
      // Host summaries are written when the play's stats arrive, at the end.
      const done = s.finishedAt !== null && s.emitted === job.events.length;
      const rows = done
        ? [...job.summaries].map(([host, x], i) => ({
            id: job.id * 100 + i + 1,
            type: 'job_host_summary',
            url: `/api/v2/job_host_summaries/${job.id * 100 + i + 1}/`,
            related: { job: `/api/v2/jobs/${job.id}/` },
            summary_fields: {},
            created: iso(job.createdAt),
            modified: iso(s.finishedAt),
            job: job.id,
            host: null,
            constructed_host: null,
            host_name: host,
            changed: x.changed,
            dark: x.dark,
            failures: x.failures,
            ok: x.ok,
            processed: 1,
            skipped: x.skipped,
            failed: x.failures > 0 || x.dark > 0,
            ignored: 0,
            rescued: 0,
          }))
        : [];
      return page(url, rows);
    }
    return notFound();
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    requests.push({ method: request.method, path: url.pathname, search: url.search });
    let reply: Reply;
    if (!url.pathname.endsWith('/')) {
      reply = new Reply(301, '', { location: `${url.pathname}/${url.search}` });
    } else if (request.headers.get('authorization') !== `Bearer ${token}`) {
      reply = new Reply(
        401,
        { detail: notAuthenticated },
        {
          'www-authenticate': 'Bearer realm=api authorization_url=/api/o/authorize/',
        },
      );
    } else {
      let body: unknown = null;
      const text = await request.text();
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          reply = new Reply(400, { detail: 'JSON parse error - Expecting value: line 1 column 1 (char 0)' });
          return toResponse(reply);
        }
      }
      reply = await route(request.method, url, body);
    }
    return toResponse(reply);
  }

  function toResponse(reply: Reply) {
    const isText = typeof reply.body === 'string';
    const payload = reply.body === null ? null : isText ? (reply.body as string) : JSON.stringify(reply.body);
    return new Response(reply.status === 202 || reply.status === 301 ? null : payload, {
      status: reply.status,
      headers: {
        ...(isText ? {} : { 'content-type': 'application/json' }),
        allow: 'GET, POST, HEAD, OPTIONS',
        ...reply.headers,
      },
    });
  }

  const engineFetch = (async (input: string | URL | Request, init?: RequestInit) =>
    handle(new Request(input, init))) as typeof fetch;

  return { token, handle, fetch: engineFetch, requests, timing };
}

export type FakeAwx = AwxEngine & {
  url: string;
  // Hold every reply this long (to make the client time out), 0 for none.
  stallMs: number;
  close: () => Promise<void>;
};

// The engine over HTTP on 127.0.0.1, on a port of its own.
export async function startFakeAwx(options: FakeAwxOptions): Promise<FakeAwx> {
  const engine = awxEngine(options);
  const state = { stallMs: 0 };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await engine.handle(
      new Request(`http://127.0.0.1${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    if (state.stallMs > 0) await new Promise((r) => setTimeout(r, state.stallMs));
    if (res.destroyed) return;
    // forEach, not Object.fromEntries(headers): the bench compiles this without the DOM iterables.
    const replyHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      replyHeaders[name] = value;
    });
    res.writeHead(response.status, replyHeaders);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const fake = Object.assign(engine, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeAwx;
  Object.defineProperty(fake, 'stallMs', {
    get: () => state.stallMs,
    set: (v: number) => {
      state.stallMs = v;
    },
  });
  return fake;
}
