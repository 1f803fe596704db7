import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

// The repository's own rules (`npm run lint` runs `depcruise packages` with them), tried on small probe trees.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

let dirs = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** The rule names dependency-cruiser reports for a tree of `files` (path -> source), laid out like the repo. */
async function violations(files) {
  const base = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
  dirs.push(base);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), source);
  }
  const result = await cruise(['packages'], {
    ...config.options,
    baseDir: base,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

const A = 'packages/server/src/areas';

describe('import graph rules (npm run lint: depcruise)', () => {
  it('allows an area using another through its public.ts and schema files', async () => {
    expect(
      await violations({
        [`${A}/persons/schema.ts`]: 'export const persons = 1;\n',
        [`${A}/persons/queries/find.ts`]:
          "import { persons } from '../schema.ts';\nexport const find = () => persons;\n",
        [`${A}/persons/public.ts`]: "export { find } from './queries/find.ts';\n",
        [`${A}/orders/queries/list.ts`]:
          "import { persons } from '../../persons/schema.ts';\nimport { find } from '../../persons/public.ts';\nexport const list = () => [persons, find()];\n",
      }),
    ).toEqual([]);
  });

  it('refuses a cycle, also of type-only imports', async () => {
    const found = await violations({
      [`${A}/orders/public.ts`]: "import type { B } from '../persons/public.ts';\nexport type A = B;\n",
      [`${A}/persons/public.ts`]: "import type { A } from '../orders/public.ts';\nexport type B = A | 1;\n",
    });
    expect(found).toEqual([expect.stringMatching(/^no-circular: .*\/(orders|persons)\/public\.ts/)]);
  });

  it("refuses reaching into another area's internals, its plugin or its demo from outside the seed", async () => {
    expect(
      await violations({
        [`${A}/persons/queries/find.ts`]: 'export const find = 1;\n',
        [`${A}/persons/index.ts`]: 'export default 1;\n',
        [`${A}/persons/demo.ts`]: 'export const seed = 1;\n',
        [`${A}/orders/x.ts`]:
          "import { find } from '../persons/queries/find.ts';\nimport p from '../persons/index.ts';\nimport { seed } from '../persons/demo.ts';\nexport const x = [find, p, seed];\n",
      }),
    ).toEqual([
      `area-public-face: ${A}/orders/x.ts -> ${A}/persons/index.ts`,
      `area-public-face: ${A}/orders/x.ts -> ${A}/persons/queries/find.ts`,
      `demo-for-the-seed: ${A}/orders/x.ts -> ${A}/persons/demo.ts`,
      `plugin-for-app-only: ${A}/orders/x.ts -> ${A}/persons/index.ts`,
    ]);
  });

  it('refuses the platform importing an area and an area importing the app', async () => {
    expect(
      await violations({
        [`${A}/persons/schema.ts`]: 'export const persons = 1;\n',
        'packages/server/src/platform/scope.ts':
          "import { persons } from '../areas/persons/schema.ts';\nexport const s = persons;\n",
        'packages/server/src/app.ts': 'export const app = 1;\n',
        [`${A}/orders/x.ts`]: "import { app } from '../../app.ts';\nexport const x = app;\n",
      }),
    ).toEqual([
      `areas-below-app: ${A}/orders/x.ts -> packages/server/src/app.ts`,
      `platform-below-areas: packages/server/src/platform/scope.ts -> ${A}/persons/schema.ts`,
    ]);
  });

  it('refuses the contract importing a side, and the web importing the server', async () => {
    expect(
      await violations({
        'packages/server/src/x.ts': 'export const x = 1;\n',
        'packages/contract/src/y.ts': "import { x } from '../../server/src/x.ts';\nexport const y = x;\n",
        'packages/web/src/z.ts': "import { x } from '../../server/src/x.ts';\nexport const z = x;\n",
      }),
    ).toEqual([
      'contract-stands-alone: packages/contract/src/y.ts -> packages/server/src/x.ts',
      'web-and-server-apart: packages/web/src/z.ts -> packages/server/src/x.ts',
    ]);
  });
});
