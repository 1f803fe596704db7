import { and, eq, sql } from 'drizzle-orm';
import * as s from '../../src/schema.ts';
import type { TestApp } from './test-app.ts';

/** The id of the demo organisation with this exact name, or else the one whose name contains it ("De Berk"). */
export async function entityIdOf(t: TestApp, name: string): Promise<number> {
  const rows = await t.db
    .select({ id: s.entities.id, name: s.entities.name })
    .from(s.entities)
    .where(sql`${s.entities.name} like ${`%${name}%`}`);
  return (rows.find((row) => row.name === name) ?? rows[0])!.id;
}

/** The id of a communication group of a demo organisation ("Dagdienst" of "Apotheek De Linde"). */
export async function groupIdOf(t: TestApp, entity: string, name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: s.groups.id })
    .from(s.groups)
    .where(and(eq(s.groups.entityId, await entityIdOf(t, entity)), eq(s.groups.name, name)));
  return row!.id;
}
