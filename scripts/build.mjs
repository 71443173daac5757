// Builds the web app (Vite) and the server (one esbuild bundle). With --if-needed, skips the work when
// no input changed since the last build, so `npm start` on a built checkout starts at once.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const stampFile = join(root, 'apps/server/dist/.build-stamp');
const inputs = ['package-lock.json', 'package.json', 'packages/domain/src', 'apps/server/src', 'apps/web'];
const skip = new Set(['node_modules', 'dist', 'migrations']);

function fingerprint() {
  const hash = createHash('sha256');
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!skip.has(name)) visit(join(path, name));
    } else {
      hash.update(`${path}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const input of inputs) if (existsSync(join(root, input))) visit(join(root, input));
  return hash.digest('hex');
}

const ifNeeded = process.argv.includes('--if-needed');
const stamp = fingerprint();
if (ifNeeded && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) process.exit(0);

const started = Date.now();
console.log('Building the web app…');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: join(root, 'apps/web'),
  stdio: 'inherit',
});

console.log('Building the server…');
const serverPackage = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8'));
await build({
  entryPoints: [join(root, 'apps/server/src/main.ts'), join(root, 'apps/server/src/cli/create-admin.ts')],
  outdir: join(root, 'apps/server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // npm dependencies load from node_modules; the domain package (TypeScript source) is bundled in.
  external: Object.keys(serverPackage.dependencies ?? {}).filter((name) => !name.startsWith('@lightpath/')),
  logLevel: 'warning',
});
writeFileSync(stampFile, stamp);
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
