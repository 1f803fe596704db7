import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const RUNNER = path.resolve(import.meta.dirname, 'run-parallel.mjs');
let dir = '';

// A failing "suite" that fails early, and a passing one whose long output ends the log, as in CI.
const failing = [
  "console.log(' ✓ first test');",
  "console.log(' \\u001b[31m×\\u001b[39m pharmacy sees the order 120ms');",
  "console.log(' FAIL  |server| test/orders.test.ts > pharmacy sees the order');",
  "console.log('AssertionError: expected 1 to be 2');",
  'process.exit(1);',
].join('\n');
const passing = 'for (let i = 0; i < 200; i += 1) console.log(` ✓ browser test ${i}`);';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'run-parallel-'));
  await writeFile(path.join(dir, 'failing.mjs'), failing);
  await writeFile(path.join(dir, 'passing.mjs'), passing);
  const scripts = { failing: 'node failing.mjs', passing: 'node passing.mjs' };
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'probe', private: true, scripts }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs run-parallel.mjs with `args` in the probe folder; resolves with its exit code and output. */
async function runParallel(args) {
  try {
    const { stdout } = await run('node', [RUNNER, ...args], { cwd: dir });
    return { code: 0, stdout };
  } catch (error) {
    return { code: error.code, stdout: error.stdout };
  }
}

describe("run-parallel prints a failed script's failure again at the end of the log", () => {
  it.each([[['--stream']], [[]]])('names the failing test in the last lines (%j)', async (mode) => {
    const { code, stdout } = await runParallel([...mode, 'failing', 'passing']);
    expect(code).toBe(1);
    const end = stdout.trimEnd().split('\n').slice(-12).join('\n');
    expect(end).toContain('> failing FAILED');
    expect(end).toContain('× pharmacy sees the order');
    expect(end).toContain('FAIL  |server| test/orders.test.ts > pharmacy sees the order');
    expect(end).toContain('AssertionError: expected 1 to be 2');
    expect(end).not.toContain('\u001b[');
    expect(end).not.toContain('> passing FAILED');
  });

  it('prints no digest when every script passes', async () => {
    const { code, stdout } = await runParallel(['--stream', 'passing']);
    expect(code).toBe(0);
    expect(stdout).not.toContain('FAILED');
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^> passing: ok in/);
  });
});
