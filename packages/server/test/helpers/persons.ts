import { and, eq, sql } from 'drizzle-orm';
import * as s from '../../src/schema.ts';
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
