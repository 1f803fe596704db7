import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { writeContractAreas } from './packages/contract/generate-areas.mjs';

// The contract's list of areas (src/areas/) as the files are now, also for a test run on its own.
writeContractAreas();

/** Lowers a worker's CPU priority (scripts/background-priority.mjs): the browser tests run beside it. */
const backgroundPriority = resolve(import.meta.dirname, 'scripts/background-priority.mjs');

/**
 * Vitest's own process runs the global setups through the module cache too, but reads a cached module as bytes
 * (vitest 4.1: `readFile(tmp)` without an encoding). The code still runs, yet an error whose stack passes through
 * such a module cannot be printed ("code.charCodeAt is not a function"), which hid a failed setup's real cause.
 * That process's few modules are transformed afresh every run; the workers keep the cache. The key generators
 * serve the whole run, whichever project registers them (a project with a global setup does).
 */
const mainProcessUncached = ({ environment }: { environment: { name: string } }) =>
  environment.name === '__vitest__' ? false : undefined;
export const mainProcessModulesUncached: Plugin = {
  name: 'zorgportaal:main-process-modules-uncached',
  configureVitest: (context) => context.experimental_defineCacheKeyGenerator(mainProcessUncached),
};

/**
 * Every suite. The README's `npm test` runs two Vitest processes at the same time: `--project e2e` (the browser
 * tests) and `--project '!e2e'` (every other suite, its workers at a lower CPU priority); a plain `vitest run`
 * runs them all in one, the browser tests last (groupOrder 1).
 * API tests run on PGlite always and once more on PostgreSQL when TEST_DATABASE_URL is set.
 * Browser tests run one file at a time, against one shared Chromium and two portals (embedded and, with
 * TEST_DATABASE_URL, PostgreSQL; each file uses one).
 */
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  plugins: [mainProcessModulesUncached],
  test: {
    name,
    root: 'packages/server',
    // API tests live in a test/ folder: beside their area (src/areas/<x>/test/), the platform's
    // (src/platform/**/test/) or the app's (test/). Unit tests sit next to their code and need no database:
    // they run once; of those only the SQL attempt store runs on both.
    include:
      db === 'pglite'
        ? ['test/**/*.test.ts', 'src/**/*.test.ts']
        : ['**/test/**/*.test.ts', 'src/platform/attempts/attempt-limiter.test.ts'],
    environment: 'node',
    env: { TEST_DB: db, LOG_LEVEL: 'silent' },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: [backgroundPriority],
    // One module graph (and one compiled PGlite) per worker instead of one per file: each file still builds its
    // own app and database, and the areas keep no per-database state at module level.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: 0 },
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker on a 2-core machine; the API suites wait on the database half the time.
    maxWorkers: 2,
    // Each module transformed once per run, not once per project: the PGlite and PostgreSQL API projects (and the
    // two Vitest processes of `npm test`) load the same server sources, and a worker reads a cached module from
    // disk instead of asking the main process (node_modules/.experimental-vitest-cache, written atomically, keyed
    // by content and config, cleared when the lockfile changes). Both API projects: 327 → 307 CPU-s.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The repository scripts' own tests: the lint rules (the import boundaries, against the repo's
        // eslint.config.js) and the contract's area generator.
        test: {
          name: 'lint',
          root: 'scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      // The web project lives in packages/web/vite.config.ts (it needs the React plugin).
      'packages/web',
      {
        plugins: [mainProcessModulesUncached],
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          exclude: ['node_modules/**'],
          environment: 'node',
          globalSetup: ['global-setup.ts'],
          fileParallelism: false,
          // One worker process for all browser files instead of a new one (and a new import of playwright-core)
          // per file: the files run one after another, so each start was on the run's critical path.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
