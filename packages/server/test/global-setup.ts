import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/platform/db/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a freshly migrated PGlite data directory ('' on the PostgreSQL run). */
    pgliteTemplate: string;
  }
}

/**
 * Runs the migrations once for the whole PGlite run: every test file then loads this data directory
 * (under a second) instead of running initdb and every migration again (about three seconds a file).
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'zp-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
