// `npm test`: every check, in order, stopping at the first failure: lint (with the web app's import
// boundaries), typecheck, unit tests
// (domain and web), the API suite on PGlite, the same suite on PostgreSQL when one is reachable, and the
// end-to-end suite in Chromium (its two-instance test on that PostgreSQL too). Ends with one line
// counting the tests that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  stages.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function vitest(name, file, args, env) {
  const out = join(reports, file);
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
  );
  countVitest(out);
  return ok;
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
let postgres;
async function postgresUrl() {
  postgres ??=
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    ((await postgresAnswers()) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
  return postgres;
}

function finish(ok) {
  console.log('\n━━ summary ━━');
  for (const line of stages) console.log(line);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(ok ? 0 : 1);
}

const steps = [
  () =>
    run('lint (biome, web import boundaries)', 'sh', [
      '-c',
      'npx biome ci . && node scripts/check-boundaries.mjs',
    ]),
  () => run('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  () => vitest('unit tests (domain, web)', 'unit.json', ['--project', 'domain', '--project', 'web']),
  // On PGlite even when the shell exports TEST_DATABASE_URL (.ci/run does): the next stage is PostgreSQL's.
  () => vitest('API tests on PGlite', 'api-pglite.json', ['--project', 'server'], { TEST_DATABASE_URL: '' }),
  async () => {
    const url = await postgresUrl();
    if (!url) {
      console.log(
        '\n━━ API tests on PostgreSQL ━━\nNo TEST_DATABASE_URL or DATABASE_URL, and nothing on 127.0.0.1:5432: not run.',
      );
      stages.push('skip API tests on PostgreSQL (no server)');
      return true;
    }
    return vitest('API tests on PostgreSQL', 'api-postgres.json', ['--project', 'server'], {
      TEST_DATABASE_URL: url,
    });
  },
  () => run('build', 'node', ['scripts/build.mjs']),
  async () => {
    const out = join(reports, 'e2e.json');
    const url = await postgresUrl();
    const ok = run(
      'end-to-end tests (Chromium)',
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        ...(url && { TEST_DATABASE_URL: url }),
      },
    );
    countPlaywright(out);
    return ok;
  },
];

for (const step of steps) {
  if (!(await step())) finish(false);
}
finish(true);
