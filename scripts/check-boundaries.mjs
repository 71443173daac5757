// The web app's import direction (docs/decisions/021): shared code (components/, lib/) -> features -> app.
// Biome's noRestrictedImports matches the written specifier, not the file it resolves to, so it cannot
// tell `../../sites/api/x` inside features/access from the same text inside features/sites; this check
// resolves every relative import and judges the pair of folders instead.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const importPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{},\s]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

// Where a path sits in the layering: a feature (with its name), the app, shared code, or none of them
// (the entry point and test helpers, which may reach anything).
export function layerOf(pathFromSrc) {
  const [top, name] = pathFromSrc.split(/[\\/]/);
  if (top === 'features' && name) return { layer: 'feature', feature: name };
  if (top === 'app') return { layer: 'app' };
  if (top === 'components' || top === 'lib') return { layer: 'shared' };
  return { layer: 'other' };
}

export function ruleBroken(from, to) {
  if (from.layer === 'feature' && to.layer === 'feature' && from.feature !== to.feature) {
    return `feature '${from.feature}' imports feature '${to.feature}'`;
  }
  if (from.layer === 'feature' && to.layer === 'app') return `feature '${from.feature}' imports the app`;
  if (from.layer === 'shared' && (to.layer === 'feature' || to.layer === 'app')) {
    return `shared code imports ${to.layer === 'app' ? 'the app' : `feature '${to.feature}'`}`;
  }
  return null;
}

export function findBoundaryViolations(srcDir) {
  const root = resolve(srcDir);
  const violations = [];
  for (const file of sourceFiles(root)) {
    const from = layerOf(relative(root, file));
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const broken = ruleBroken(from, layerOf(target));
      if (broken) {
        const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0);
        violations.push({ file: relative(root, file).split(sep).join('/'), line, specifier, broken });
      }
    }
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const srcDir = process.argv[2] ?? join(import.meta.dirname, '..', 'apps', 'web', 'src');
  const violations = findBoundaryViolations(srcDir);
  for (const v of violations) console.error(`${v.file}:${v.line} ${v.broken} ('${v.specifier}')`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) break the web app's layering (docs/decisions/021).`);
    process.exit(1);
  }
  console.log('web import boundaries: 0 violations');
}
