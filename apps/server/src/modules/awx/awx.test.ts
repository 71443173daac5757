import { type AwxJob, type AwxJobDetail, awxMessages } from '@lightpath/domain/awx';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { awxJobs } from '../../db/schema/awx';
import { AwxError } from '../../integrations/awx/awx';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';
import { followJobs } from './progress';

let t: TestApp;
type Shelf = { equipmentid: number; name: string };
let shelves: Shelf[];
let ports: string[];

beforeAll(async () => {
  t = await buildTestApp();
  const list = await t.call({ method: 'GET', url: '/api/shelves?limit=2&sort=equipmentid', as: demo.eng });
  shelves = list.json().payload.results.map((shelf: { equipmentid: number; equipmentname: string }) => ({
    equipmentid: shelf.equipmentid,
    name: shelf.equipmentname,
  }));
  const shelfPorts = await t.call({
    method: 'GET',
    url: `/api/equipment/${shelves[0]!.equipmentid}/ports`,
    as: demo.eng,
  });
  ports = shelfPorts.json().payload.map((port: { name: string }) => port.name);
});
afterAll(() => t.close());

const launch = (
  operation: string,
  payload: object,
  as: string = demo.eng,
  headers: Record<string, string> = {},
) => t.call({ method: 'POST', url: `/api/awx/${operation}`, as, payload, headers });

async function jobRows() {
  const [row] = await t.database.db.select({ n: count() }).from(awxJobs);
  return row!.n;
}

// The follower, as main.ts runs it, until the job has ended (the simulator takes about 1.6 s).
async function followToEnd(jobId: number): Promise<AwxJobDetail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await followJobs(t.app.dependencies);
    const detail = (await t.call({ method: 'GET', url: `/api/awx/jobs/${jobId}`, as: demo.eng })).json()
      .payload as AwxJobDetail;
    if (detail.ended) return detail;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${detail.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('launching a device operation', () => {
  it('runs a show operation on two shelves, with its output, host summaries and result table', async () => {
    const reply = await launch('show/interfaces', {
      equipmentarray: shelves.map((shelf) => ({ equipmentid: shelf.equipmentid })),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toBe(awxMessages.launched('Interfaces', 2));
    const job = reply.json().payload as AwxJob;
    expect(job).toMatchObject({ name: 'Interfaces', hosts: shelves.map((s) => s.name), ended: false });
    expect(job.awxjobid).not.toBeNull();

    const ended = await followToEnd(job.id);
    expect(ended.status).toBe('successful');
    expect(ended.hostsummaries.map((summary) => summary.host).sort()).toEqual(
      shelves.map((s) => s.name).sort(),
    );
    expect(ended.result?.kind).toBe('interfaces');
    expect(ended.result?.columns[0]).toBe('device');
    expect(new Set(ended.result?.rows.map((row) => row.device))).toEqual(new Set(shelves.map((s) => s.name)));

    const output = (
      await t.call({ method: 'GET', url: `/api/awx/jobs/${job.id}/output`, as: demo.eng })
    ).json().payload;
    expect(output.ended).toBe(true);
    expect(output.lines.length).toBe(ended.lines);
    expect(output.lines.length).toBeGreaterThan(3);
    const tail = (
      await t.call({ method: 'GET', url: `/api/awx/jobs/${job.id}/output?after=3`, as: demo.eng })
    ).json().payload;
    expect(tail.lines).toEqual(output.lines.slice(3));
    expect(tail.next).toBe(output.next);
    const file = await t.call({ method: 'GET', url: `/api/awx/jobs/${job.id}/output.txt`, as: demo.eng });
    expect(file.headers['content-disposition']).toContain(`awx-job-${job.id}.txt`);
    expect(file.body.replace(/\n$/, '').split('\n')).toEqual(output.lines);
    expect(await t.auditCount('awx.launch')).toBeGreaterThan(0);
  });

  it('launches once for one Idempotency-Key, whichever instance the retry reaches', async () => {
    const other = await buildApp(t.config, t.database, { logger: false });
    await other.ready();
    try {
      const before = await jobRows();
      const audits = await t.auditCount('awx.launch');
      const headers = { 'idempotency-key': `double-click-${Date.now()}` };
      const body = { equipmentarray: [{ equipmentid: shelves[0]!.equipmentid }] };
      const first = await launch('show/uptime', body, demo.eng, headers);
      expect(first.statusCode).toBe(201);
      const token = await t.login(demo.eng);
      const again = await other.inject({
        method: 'POST',
        url: '/api/awx/show/uptime',
        headers: { ...headers, 'x-auth-token': token },
        payload: body,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().payload.id).toBe(first.json().payload.id);
      expect(await jobRows()).toBe(before + 1);
      expect(await t.auditCount('awx.launch')).toBe(audits + 1);
    } finally {
      await other.close();
    }
  });

  it('asks for confirmation before an operation that changes a device, naming its port', async () => {
    const target = { equipmentid: shelves[0]!.equipmentid, port: ports[0]! };
    const before = await jobRows();
    const unconfirmed = await launch('run/bounceport', { equipmentarray: [target] });
    expect(unconfirmed.statusCode).toBe(400);
    expect(problemOf(unconfirmed)).toBe(awxMessages.confirmRequired);
    expect(await jobRows()).toBe(before);
    const confirmed = await launch('run/bounceport', { equipmentarray: [target], confirmed: true }, demo.noc);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const trail = await t.database.db
      .select()
      .from(awxJobs)
      .where(eq(awxJobs.jobId, confirmed.json().payload.id));
    expect(trail[0]!.targets).toEqual([
      { equipmentid: target.equipmentid, name: shelves[0]!.name, ip: expect.anything(), port: target.port },
    ]);
  });

  it.each([
    ['show/nothing', { equipmentarray: [{ equipmentid: 1 }] }, awxMessages.unknownOperation],
    ['show/uptime', { equipmentarray: [] }, awxMessages.noDevices],
    ['show/uptime', {}, awxMessages.noDevices],
    ['show/uptime', { equipmentarray: [{ equipmentid: 999_999 }] }, awxMessages.deviceNotFound(999_999)],
    ['show/interface', { equipmentarray: [{ equipmentid: 1 }] }, 'port'],
    ['show/uptime', { equipmentarray: [{ equipmentid: 1, port: 'xe-9/9/99' }] }, 'xe-9/9/99'],
    ['show/logsfiltered', { equipmentarray: [{ equipmentid: 1 }] }, awxMessages.filterRequired],
  ])('refuses %s %j with a clear 400 and launches nothing', async (operation, body, message) => {
    const before = await jobRows();
    const reply = await launch(operation, body);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(problemOf(reply)).toContain(message);
    expect(await jobRows()).toBe(before);
  });

  it('refuses customers and technicians', async () => {
    for (const as of [demo.ungAdmin, demo.ungUser, demo.tech]) {
      expect((await launch('show/uptime', { equipmentarray: [{ equipmentid: 1 }] }, as)).statusCode).toBe(
        403,
      );
      expect((await t.call({ method: 'GET', url: '/api/awx/jobs', as })).statusCode).toBe(403);
    }
  });

  it("shows AWX's own reason when it refuses, and a clear 502 when it cannot be reached", async () => {
    const real = t.app.dependencies.awx;
    try {
      for (const [error, message] of [
        [
          new AwxError('refused', 'refused', 'Job template lightpath-show is disabled'),
          awxMessages.launchFailed('Job template lightpath-show is disabled'),
        ],
        [new AwxError('down', 'unavailable', 'connect ECONNREFUSED'), awxMessages.unreachable],
      ] as const) {
        t.app.dependencies.awx = {
          ...real,
          launch: async () => {
            throw error;
          },
        };
        const reply = await launch('show/uptime', {
          equipmentarray: [{ equipmentid: shelves[0]!.equipmentid }],
        });
        expect(reply.statusCode).toBe(502);
        expect(reply.json().message).toBe(message);
      }
    } finally {
      t.app.dependencies.awx = real;
    }
  });
});

describe('the jobs list and the watch list', () => {
  it('lists jobs newest first, filtered by device and by whether they run', async () => {
    const list = await t.call({ method: 'GET', url: '/api/awx/jobs', as: demo.noc });
    const jobs = list.json().payload.results as AwxJob[];
    expect(jobs.length).toBeGreaterThan(2);
    expect(jobs.map((job) => job.id)).toEqual([...jobs.map((job) => job.id)].sort((a, b) => b - a));
    const byShelf = await t.call({
      method: 'GET',
      url: `/api/awx/jobs?equipmentid=${shelves[1]!.equipmentid}`,
      as: demo.noc,
    });
    expect(
      (byShelf.json().payload.results as AwxJob[]).every((job) => job.hosts.includes(shelves[1]!.name)),
    ).toBe(true);
    const ended = await t.call({ method: 'GET', url: '/api/awx/jobs?ongoing=false', as: demo.noc });
    const endedJobs = ended.json().payload.results as AwxJob[];
    expect(endedJobs.filter((job) => !job.ended)).toEqual([]);
    expect(endedJobs.length).toBeGreaterThan(0);
  });

  it("filters by text in a job's name, launcher or hosts, or by its number", async () => {
    const listed = async (q: string) =>
      (await t.call({ method: 'GET', url: `/api/awx/jobs?q=${encodeURIComponent(q)}`, as: demo.noc })).json()
        .payload.results as AwxJob[];
    const all = await listed('');
    const job = all.find((j) => j.hosts.length > 0)!;
    const host = job.hosts[0]!;
    expect((await listed(host.toLowerCase())).map((j) => j.id)).toContain(job.id);
    expect((await listed(host)).every((j) => j.hosts.some((h) => h.includes(host)))).toBe(true);
    const launcher = job.launchedby.split(' ')[1]!;
    expect((await listed(launcher)).every((j) => j.launchedby.includes(launcher))).toBe(true);
    expect((await listed('uptime')).every((j) => /uptime/i.test(j.name))).toBe(true);
    expect((await listed(String(job.id))).map((j) => j.id)).toContain(job.id);
    expect(await listed('no such job anywhere')).toEqual([]);
  });

  it('counts and pages a text filter exactly as ILIKE on the joined name, launcher and hosts', async () => {
    // ILIKE's pattern for a text taken literally, as the list's filter takes it.
    const literally = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const truth = async (q: string) => {
      const pattern = literally(q);
      const result = await t.database.db.execute(
        sql`select count(*)::int as n from awx_jobs
          where lightpath_awx_job_text(name, launched_by_name, hosts) ilike ${pattern}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const page = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/awx/jobs?${query}`, as: demo.noc })).json().payload as {
        count: number;
        results: AwxJob[];
      };
    const [job] = (await page('limit=1')).results;
    // Each sort: by name and by number the page comes from the kept copy, by status from the jobs; the
    // order each must give, read from the jobs themselves.
    const sorts: [string, string][] = [
      ['name', 'name, job_id'],
      ['-name', 'name desc, job_id desc'],
      ['-created', 'job_id desc'],
      ['status', 'status, job_id'],
    ];
    const truthOrder = async (q: string, order: string) => {
      const pattern = literally(q);
      const result = await t.database.db.execute(
        sql`select job_id as id from awx_jobs
          where lightpath_awx_job_text(name, launched_by_name, hosts) ilike ${pattern}
          order by ${sql.raw(order)} limit 1000`,
      );
      return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    };
    for (const q of ['UPTIME', 'pe', job!.hosts[0]!.toUpperCase(), job!.launchedby.toLowerCase(), '%']) {
      const expected = await truth(q);
      for (const [sort, order] of sorts) {
        const first = await page(`q=${encodeURIComponent(q)}&limit=2&sort=${sort}`);
        expect(first.count, `${q} ${sort}`).toBe(expected);
        const all = await page(`q=${encodeURIComponent(q)}&limit=1000&sort=${sort}`);
        expect(all.count, `${q} ${sort}`).toBe(expected);
        expect(all.results.length, `${q} ${sort}`).toBe(Math.min(expected, 1000));
        expect(
          all.results.map((j) => j.id),
          `${q} ${sort}`,
        ).toEqual(await truthOrder(q, order));
        expect(
          first.results.map((j) => j.id),
          `${q} ${sort}`,
        ).toEqual(all.results.slice(0, 2).map((j) => j.id));
        // The second page follows the first.
        const second = await page(`q=${encodeURIComponent(q)}&limit=2&offset=2&sort=${sort}`);
        expect(
          second.results.map((j) => j.id),
          `${q} ${sort}`,
        ).toEqual(all.results.slice(2, 4).map((j) => j.id));
        // Past the last page the number is still told.
        expect((await page(`q=${encodeURIComponent(q)}&offset=100000&sort=${sort}`)).count, q).toBe(expected);
      }
    }
  });

  it("keeps each job's searched text with the job: inserted, renamed, deleted, and with other filters", async () => {
    // Every job has exactly one kept text, and it is its name, launcher and hosts as they are now.
    const keptTexts = async () => {
      const result = await t.database.db.execute(
        sql`select (select count(*)::int from awx_jobs) as jobs,
          (select count(*)::int from awx_job_search_texts) as texts,
          (select count(*)::int from awx_job_search_texts k join awx_jobs j using (job_id)
            where k.search_text = lower(lightpath_awx_job_text(j.name, j.launched_by_name, j.hosts))
              and k.name = j.name) as current`,
      );
      return (result as unknown as { rows: { jobs: number; texts: number; current: number }[] }).rows[0]!;
    };
    const found = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/awx/jobs?${query}`, as: demo.noc })).json().payload as {
        count: number;
        results: AwxJob[];
      };
    const [inserted] = await t.database.db
      .insert(awxJobs)
      .values({
        operation: 'show/uptime',
        name: 'Quokka survey',
        instance: 'primary',
        targets: [],
        hosts: ['wallaby-pe9'],
        equipmentIds: [],
        launchedByName: 'Test Runner',
      })
      .returning({ jobId: awxJobs.jobId });
    const jobId = inserted!.jobId;
    const ids = async (query: string) => (await found(query)).results.map((job) => job.id);
    expect(await ids('q=QUOKKA')).toEqual([jobId]);
    expect(await ids('q=WALLABY-PE9')).toEqual([jobId]);
    // The text filter with another filter counts the jobs that pass both.
    expect(await found('q=quokka&status=pending')).toMatchObject({ count: 1 });
    expect(await found('q=quokka&status=failed')).toMatchObject({ count: 0, results: [] });
    await t.database.db.update(awxJobs).set({ name: 'Numbat survey' }).where(eq(awxJobs.jobId, jobId));
    expect(await ids('q=quokka')).toEqual([]);
    expect(await ids('q=numbat')).toEqual([jobId]);
    // A progress update, which touches no searched field, leaves the text as it is.
    await t.database.db.update(awxJobs).set({ status: 'running' }).where(eq(awxJobs.jobId, jobId));
    expect(await ids('q=numbat&status=running')).toEqual([jobId]);
    let kept = await keptTexts();
    expect(kept.texts).toBe(kept.jobs);
    expect(kept.current).toBe(kept.jobs);
    await t.database.db.delete(awxJobs).where(eq(awxJobs.jobId, jobId));
    expect(await found('q=numbat')).toMatchObject({ count: 0, results: [] });
    kept = await keptTexts();
    expect(kept.texts).toBe(kept.jobs);
    expect(kept.current).toBe(kept.jobs);
  });

  it("keeps each user's watched jobs once, and removes and clears them", async () => {
    const [job] = (await t.call({ method: 'GET', url: '/api/awx/jobs?limit=1', as: demo.eng })).json().payload
      .results as AwxJob[];
    const watch = () =>
      t.call({ method: 'POST', url: '/api/awx/watch', as: demo.eng, payload: { jobid: job!.id } });
    expect((await watch()).json().payload.jobs.map((j: AwxJob) => j.id)).toEqual([job!.id]);
    expect((await watch()).json().payload.jobs.map((j: AwxJob) => j.id)).toEqual([job!.id]);
    // Another user's list is their own.
    expect(
      (await t.call({ method: 'GET', url: '/api/awx/watch', as: demo.noc })).json().payload.jobs,
    ).toEqual([]);
    const removed = await t.call({ method: 'DELETE', url: `/api/awx/watch/${job!.id}`, as: demo.eng });
    expect(removed.json().payload.jobs).toEqual([]);
    await watch();
    const cleared = await t.call({ method: 'DELETE', url: '/api/awx/watch', as: demo.eng });
    expect(cleared.json()).toMatchObject({ message: awxMessages.watchCleared, payload: { jobs: [] } });
    const missing = await t.call({
      method: 'POST',
      url: '/api/awx/watch',
      as: demo.eng,
      payload: { jobid: 999_999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("a service's tools", () => {
  async function serviceWithShelfPorts(): Promise<string> {
    const [row] = await t.database.query<{ serviceid: string }>(
      'test_service_on_shelf',
      `select s.service_id as serviceid from services s
       join equipment_ports p on p.port_id = s.b_end_port_id
       where s.status = 1 order by s.service_id limit 1`,
      [],
    );
    return row!.serviceid;
  }

  it('reads the MAC table and layer 1 of the devices at its ends, once a minute however often asked', async () => {
    const serviceid = await serviceWithShelfPorts();
    const first = await t.call({ method: 'GET', url: `/api/tools/mactable/${serviceid}`, as: demo.eng });
    expect(first.statusCode, first.body).toBe(201);
    const job = first.json().payload as AwxJob;
    expect(job).toMatchObject({ operation: 'show/mactable', serviceid });
    const again = await t.call({ method: 'GET', url: `/api/tools/mactable/${serviceid}`, as: demo.noc });
    expect(again.statusCode).toBe(200);
    expect(again.json().payload.id).toBe(job.id);

    const layer1 = await t.call({ method: 'GET', url: `/api/tools/layer1/${serviceid}`, as: demo.eng });
    expect(layer1.statusCode, layer1.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(awxJobs)
      .where(eq(awxJobs.jobId, layer1.json().payload.id));
    expect((row!.targets as { port: string | null }[]).every((target) => target.port)).toBe(true);

    const latest = await t.call({ method: 'GET', url: `/api/awx/job/${serviceid}`, as: demo.eng });
    expect(latest.json().payload.id).toBe(layer1.json().payload.id);
    const ended = await followToEnd(job.id);
    expect(ended.result?.kind).toBe('mactable');
  });

  it('answers 404 for a service that does not exist and for one with no job, 403 for customers', async () => {
    const missing = await t.call({ method: 'GET', url: '/api/tools/mactable/UNG9999999999B', as: demo.eng });
    expect(missing.statusCode).toBe(404);
    const quiet = await t.call({ method: 'GET', url: '/api/awx/job/UNG9999999999B', as: demo.eng });
    expect(quiet.statusCode).toBe(404);
    const serviceid = await serviceWithShelfPorts();
    const customer = await t.call({
      method: 'GET',
      url: `/api/tools/layer1/${serviceid}`,
      as: demo.ungAdmin,
    });
    expect(customer.statusCode).toBe(403);
    const shelf = await t.call({ method: 'GET', url: '/api/tools/mactable/full/999999', as: demo.eng });
    expect(shelf.statusCode).toBe(404);
  });
});
