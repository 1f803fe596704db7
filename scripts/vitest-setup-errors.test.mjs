import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'zp-setup-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small project with the repo's module-cache plugin and a global setup that fails in a module of its own. */
function writeProbe() {
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const files = {
    'vitest.config.ts': [
      "import { defineConfig } from 'vitest/config';",
      `import { mainProcessModulesUncached } from ${JSON.stringify(path.join(ROOT, 'vitest.config.ts'))};`,
      'export default defineConfig({',
      '  plugins: [mainProcessModulesUncached],',
      `  test: { experimental: { fsModuleCache: true, fsModuleCachePath: ${JSON.stringify(path.join(dir, 'cache'))} },`,
      "    globalSetup: ['setup.ts'], include: ['*.test.ts'] },",
      '});',
    ],
    'setup.ts': ["import { fail } from './fail.ts';", 'export default (): void => fail();'],
    'fail.ts': [
      "export const fail = (): never => { throw new Error('the probe setup failed on purpose'); };",
    ],
    'a.test.ts': ["import { it } from 'vitest';", "it('runs', () => {});"],
  };
  for (const [name, lines] of Object.entries(files))
    writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
}

const runVitest = () =>
  spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });

it("shows a global setup's own error when its modules come from the module cache", () => {
  writeProbe();
  const cold = runVitest();
  const warm = runVitest(); // the setup's modules are in the cache on disk now
  for (const run of [cold, warm]) {
    const output = run.stdout + run.stderr;
    expect(run.status).not.toBe(0);
    expect(output).toContain('the probe setup failed on purpose');
    expect(output).not.toContain('charCodeAt');
  }
});
