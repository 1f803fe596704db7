import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client.ts';

/** packages/server/drizzle, found from src/platform/db (tsx) and from dist/main.js (bundle) alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Migrations folder packages/server/drizzle not found');
    dir = parent;
  }
  return path.join(dir, 'drizzle');
}

/** Number of migrations shipped with this build (drizzle's journal). */
export function expectedMigrationCount(folder = migrationsFolder()): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** True when every shipped migration is recorded in drizzle's own bookkeeping table. */
export async function migrationsApplied(db: Db, expected: number): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ count: number | string }>(result)[0]?.count ?? 0) >= expected;
}
