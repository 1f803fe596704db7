import type { TestProject } from 'vitest/node';
import { removeBuiltServers } from './helpers/built-server.ts';
import { makeTemplates } from './helpers/test-database.ts';

type Db = 'pglite' | 'postgres';
type Templates = Awaited<ReturnType<typeof makeTemplates>>;

const dbOf = (project: TestProject): Db | undefined => {
  const db = project.config.env?.TEST_DB;
  return db === 'postgres' || db === 'pglite' ? db : undefined;
};

/**
 * The templates of every server project in this run, started together by the first of their setups: Vitest
 * runs the global setups one after another before the first test, and the embedded template (the main
 * process's CPU) and the PostgreSQL one (the database server's) overlap well on two cores.
 */
const STARTED = Symbol.for('zorgportaal.test-templates');
function startedTemplates(project: TestProject): Map<Db, Promise<Templates>> {
  const store = globalThis as { [STARTED]?: Map<Db, Promise<Templates>> };
  if (!store[STARTED]) {
    const dbs = new Set(project.vitest.projects.map(dbOf).filter((db) => db !== undefined));
    store[STARTED] = new Map(
      [...dbs].map((db) => {
        const templates = makeTemplates(db);
        templates.catch(() => {}); // awaited (and reported) by its own project's setup
        return [db, templates] as const;
      }),
    );
  }
  return store[STARTED];
}

/**
 * Runs the migrations and seeds the demo world once per run: every API test file then starts from a copy
 * (test/helpers/test-database.ts) instead of running initdb, every migration and the seed again.
 */
export default async function setup(project: TestProject) {
  const db = dbOf(project) ?? 'pglite';
  const started = startedTemplates(project);
  const { cleanup, ...templates } = await (started.get(db) ?? makeTemplates(db)).catch((err: unknown) => {
    // Vitest reports a failed global setup as "Startup Error" and may lose the message on the way (its source
    // map of this file): the cause is printed here, where it is known.
    console.error(`The ${db} test templates failed:`, err);
    throw err;
  });
  started.delete(db);
  project.provide('databaseTemplates', templates);
  return async () => {
    await cleanup();
    removeBuiltServers();
    // A template started for a project whose setup never ran (no file of it in this run).
    for (const [other, unclaimed] of started) {
      started.delete(other);
      await unclaimed.then((t) => t.cleanup()).catch(() => {});
    }
  };
}
