// `npm test`: every check, stopping at the first failed step: lint (with the web app's import
// boundaries); typecheck, then the build, beside the unit tests (domain and web); the API suite on PGlite
// beside the same suite on PostgreSQL when one is reachable; and the end-to-end suite in Chromium (its
// two-instance test on that PostgreSQL too). Ends with one line counting the tests that ran.
//
// Vitest gives a run one worker per core less one, and tsc is single-threaded, so on a two-core machine
// each of these stages keeps one core busy (the unit tests take two workers, see below): the paired
// stages run side by side, each writing to its own log, which is printed whole when the pair is done.
// The end-to-end suite runs alone: it times pages.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'test-results', 'reports');
const logs = join(root, 'test-results', 'logs');
for (const folder of [reports, logs]) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
}
const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];
// Each failed test's name and the start of its error, printed again under the summary: CI may keep only
// the tail of a long run's output, and a failure whose cause scrolled away cannot be diagnosed.
const failures = [];
const failureChars = 1200;

function noteFailure(name, message) {
  // Colour codes would only clutter a log file.
  const plain = stripVTControlCharacters(message).trim();
  failures.push(`✗ ${name}\n${plain.length > failureChars ? `${plain.slice(0, failureChars)} …` : plain}`);
}

// One stage: its output goes to the terminal, or to a log file when it runs beside another.
function start({ name, command, args, env = {} }, logFile) {
  const started = Date.now();
  const out = logFile ? createWriteStream(logFile) : null;
  const child = spawn(command, args, {
    cwd: root,
    stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (out) {
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
  }
  return new Promise((done) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const finish = () => done({ name, ok: code === 0, seconds });
      if (out) out.end(finish);
      else finish();
    });
  });
}

function record(result) {
  stages.push(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds} s)`);
  return result.ok;
}

async function run(stage) {
  console.log(`\n━━ ${stage.name} ━━`);
  const ok = record(await start(stage));
  stage.after?.();
  return ok;
}

async function runSideBySide(pair) {
  const files = pair.map((stage) =>
    join(logs, `${stage.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`),
  );
  console.log(`\n━━ side by side: ${pair.map((s) => s.name).join(' | ')} ━━`);
  const results = await Promise.all(pair.map((stage, i) => start(stage, files[i])));
  for (const [i, stage] of pair.entries()) {
    console.log(`\n━━ ${stage.name} (${results[i].seconds} s) ━━`);
    process.stdout.write(readFileSync(files[i], 'utf8'));
    stage.after?.();
  }
  return results.map(record).every(Boolean);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults)
    for (const test of file.assertionResults)
      if (test.status === 'failed') noteFailure(test.fullName, test.failureMessages.join('\n'));
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected') {
          const last = test.results.at(-1);
          const message = (last?.errors ?? []).map((error) => error.message ?? '').join('\n');
          noteFailure([...titles, spec.title].join(' › '), message);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of suites) walk(suite, [suite.title]);
}

function vitest(name, file, args, env) {
  const out = join(reports, file);
  return {
    name,
    command: 'npx',
    args: ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
    after: () => countVitest(out),
  };
}

function postgresAnswers() {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(1000);
    socket.once('connect', () => done(socket.end() && true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(socket.destroy() && false));
  });
}

// The PostgreSQL server the API suite runs on a second time, and the end-to-end suite's two-instance
// test needs (two processes cannot share the embedded PGlite); null when there is none.
const postgres =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  ((await postgresAnswers()) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);

function finish(ok) {
  console.log('\n━━ summary ━━');
  for (const line of stages) console.log(line);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  if (failures.length) console.log(`\n━━ failed tests ━━\n${failures.join('\n\n')}\n`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(ok ? 0 : 1);
}

// The build only feeds the end-to-end stage; after the typecheck it fits beside the unit tests, which take
// longer than both, so it costs no wall time of its own.
const typecheckThenBuild = {
  name: 'typecheck, then build',
  command: 'sh',
  args: ['-c', 'npm run typecheck --silent && node scripts/build.mjs'],
};
// Two workers, not one: the typecheck and build end after about half of the unit tests' time, and with
// one worker the second core then idled for the rest of the pair (30-35% idle over those minutes).
const unit = vitest('unit tests (domain, web)', 'unit.json', [
  '--project',
  'domain',
  '--project',
  'web',
  '--maxWorkers=2',
]);
// The external systems' clients (apps/server/src/integrations) are tested against their real servers or
// fakes (Prometheus, Zabbix's API on its own database, AWX, NetBox, Zendesk), never the portal's
// database: they run once, in the PostgreSQL stage when there is one (two runs side by side would also
// fight over the Zabbix peer's port). The PGlite stage runs on PGlite even when the shell exports
// TEST_DATABASE_URL (.ci/run does). A *.postgres.test.ts runs in the PostgreSQL stage only: it needs
// PostgreSQL's own tools (the backup script's pg_dump and pg_restore, initdb for a private cluster), or
// is the national seed's (about a minute; the bench's data set, which the bench seeds on PostgreSQL,
// and which ran three minutes or more on PGlite beside the other stage). The suites
// (apps/server/src/suites: the API fuzz, the uploads, the tenant matrix), the route walk (every route
// as every role: permissions and foreign ids) and the demo seed's checks (the shape of the data the
// seed writes the same way on both databases, which every file of both stages starts from anyway) test
// the HTTP edge or the data, not the database's dialect, so they run once too, split so that the two
// stages take about as long as each other: the tenant matrix and the seed's checks on PostgreSQL (a
// PGlite file also pays about 3 s to restore its database, and the seed's checks seed afresh: 40 s on
// PGlite against 12 s on PostgreSQL on a slow machine), the others on PGlite.
const onceOnPostgres = [
  'apps/server/src/suites/tenant-matrix.test.ts',
  'apps/server/src/db/seed/seed.test.ts',
];
const onceOnPglite = [
  ...readdirSync(join(root, 'apps/server/src/suites'))
    .map((file) => `apps/server/src/suites/${file}`)
    .filter((file) => file.endsWith('.test.ts') && !onceOnPostgres.includes(file)),
  'apps/server/src/platform/route-walk.test.ts',
];
const apiOnPglite = vitest(
  'API tests on PGlite',
  'api-pglite.json',
  [
    '--project',
    'server',
    ...(postgres
      ? [
          '--exclude',
          'apps/server/src/integrations/**',
          '--exclude',
          '**/*.postgres.test.ts',
          ...onceOnPostgres.flatMap((file) => ['--exclude', file]),
        ]
      : []),
  ],
  { TEST_DATABASE_URL: '' },
);
const apiOnPostgres =
  postgres &&
  vitest(
    'API tests on PostgreSQL',
    'api-postgres.json',
    ['--project', 'server', ...onceOnPglite.flatMap((file) => ['--exclude', file])],
    { TEST_DATABASE_URL: postgres },
  );
const e2eReport = join(reports, 'e2e.json');

const steps = [
  () =>
    run({
      name: 'lint (biome, web import boundaries)',
      command: 'sh',
      args: ['-c', 'npx biome ci . && node scripts/check-boundaries.mjs'],
    }),
  () => runSideBySide([typecheckThenBuild, unit]),
  () => {
    if (apiOnPostgres) return runSideBySide([apiOnPglite, apiOnPostgres]);
    stages.push(
      'skip API tests on PostgreSQL (no TEST_DATABASE_URL, DATABASE_URL or server on 127.0.0.1:5432)',
    );
    return run(apiOnPglite);
  },
  () =>
    run({
      name: 'end-to-end tests (Chromium)',
      command: 'npx',
      args: ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, ...(postgres && { TEST_DATABASE_URL: postgres }) },
      after: () => countPlaywright(e2eReport),
    }),
];

for (const step of steps) {
  if (!(await step())) finish(false);
}
finish(true);
