import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBoundaryViolations } from '../../../scripts/check-boundaries.mjs';

const fixture = mkdtempSync(join(tmpdir(), 'lightpath-boundaries-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
}

// A tree with one import of every kind the layering allows and one of every kind it refuses.
write('lib/format.ts', 'export const format = 1;\n');
write('components/panel.tsx', "import { format } from '../lib/format';\nexport const panel = format;\n");
write('components/bad-shared.tsx', "import { listSites } from '../features/sites/api/list-sites';\n");
write('lib/bad-shared.ts', "import { router } from '../app/router';\n");
write(
  'features/sites/api/list-sites.ts',
  "import { format } from '../../../lib/format';\nexport const listSites = format;\n",
);
write(
  'features/sites/components/sites-table.tsx',
  [
    "import { listSites } from '../api/list-sites';",
    "import { panel } from '../../../components/panel';",
    "import type { Domain } from '@lightpath/domain/sites';",
    '',
  ].join('\n'),
);
write(
  'features/access/components/access-wizard.tsx',
  [
    "import { format } from '../../../lib/format';",
    "import type { Site } from '../../sites/api/list-sites';",
    "export { listSites } from '../../sites/api/list-sites';",
    "const table = import('../../sites/components/sites-table');",
    "import { router } from '../../../app/router';",
    '',
  ].join('\n'),
);
write('app/router.tsx', "import { accessWizard } from '../features/access/components/access-wizard';\n");
write(
  'app/routes/sites/site-page.tsx',
  "import { listSites } from '../../../features/sites/api/list-sites';\n",
);
write('test/fixtures.tsx', "import { listSites } from '../features/sites/api/list-sites';\n");

describe('the web import boundaries check', () => {
  it('names every cross-feature, feature-to-app and shared-to-feature import, and nothing else', () => {
    const found = findBoundaryViolations(fixture)
      .map((v) => `${v.file}:${v.line} ${v.broken}`)
      .sort();
    expect(found).toEqual([
      "components/bad-shared.tsx:1 shared code imports feature 'sites'",
      "features/access/components/access-wizard.tsx:2 feature 'access' imports feature 'sites'",
      "features/access/components/access-wizard.tsx:3 feature 'access' imports feature 'sites'",
      "features/access/components/access-wizard.tsx:4 feature 'access' imports feature 'sites'",
      "features/access/components/access-wizard.tsx:5 feature 'access' imports the app",
      'lib/bad-shared.ts:1 shared code imports the app',
    ]);
  });

  it('finds nothing in the web app itself', () => {
    expect(findBoundaryViolations(import.meta.dirname)).toEqual([]);
  });
});
