import type { TrashPage } from '@zorgportaal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as s from '../../src/schema.ts';
import type { Api } from './api.ts';
import type { TestApp } from './test-app.ts';

/** A live client person (no account) of the entity. */
export async function aClientOf(t: TestApp, entityId: number) {
  const [row] = await t.db
    .select()
    .from(s.persons)
    .where(
      and(
        eq(s.persons.entityId, entityId),
        eq(s.persons.deleted, false),
        sql`not exists (select 1 from accounts a where a.person_id = ${s.persons.id})`,
      ),
    )
    .orderBy(s.persons.id)
    .limit(1);
  return row!;
}

export const newPersonBody = (lastName = 'Testpersoon') => ({
  NameInformation: { FirstNames: 'Jan Willem', LastName: { Prefix: 'de', LastName: lastName } },
  DateOfBirth: '1950-03-14',
  CustomerName: null,
});

/**
 * Deletes the person, then purges them from the trash can with the name the trash can shows: every area's purge
 * step runs (an area's test checks its own step's effect with it).
 */
export async function deleteAndPurge(admin: Api, personId: number): Promise<void> {
  expect((await admin.delete(`/api/person/${personId}`)).statusCode).toBe(200);
  const trash = (await admin.get('/api/trash?pageSize=100')).json<TrashPage>();
  const row = trash.Rows.find((r) => r.PersonId === personId)!;
  const purged = await admin.delete(`/api/trash/${personId}`, { ConfirmName: row.ScreenName });
  expect(purged.statusCode).toBe(204);
}
