import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const serverRoot = path.resolve(import.meta.dirname, '../..');
/** Below packages/server, so the bundle finds the packages (node_modules) and the migrations as dist/ does. */
export const BUILT_SERVER_ROOT = path.join(serverRoot, 'node_modules', '.cache', 'zorgportaal-built-server');

let built: Promise<string> | undefined;

/**
 * The folder of the server bundled as `npm start` and the operator's commands run it (`build.mjs`: `main.js`,
 * `cli/<name>.js`), built from the current sources once per test worker into a folder of its own: not dist/,
 * which the browser tests' portals run from at the same time. A build costs ~0.4 CPU-s; starting a child
 * process through tsx instead transformed the sources again at every start (~1.2 CPU-s each).
 * The global setup removes these folders when the run ends.
 */
export function builtServer(): Promise<string> {
  built ??= (async () => {
    mkdirSync(BUILT_SERVER_ROOT, { recursive: true });
    const dir = mkdtempSync(path.join(BUILT_SERVER_ROOT, `${process.pid}-`));
    await promisify(execFile)(process.execPath, [
      path.join(serverRoot, 'build.mjs'),
      '--quiet',
      `--outdir=${dir}`,
    ]);
    return dir;
  })();
  return built;
}

/** Removes every worker's build (the global setup's teardown). */
export const removeBuiltServers = (): void => rmSync(BUILT_SERVER_ROOT, { recursive: true, force: true });
