import { screenName, type TrashListQuery, type TrashPage } from '@zorgportaal/contract';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { isoOrNull, likeContains, type PersonRow, toPerson } from '../persons/public.ts';
import { runPurge } from '../../platform/purge.ts';

const p = t.persons;
const inTrash = (entityId: number): SQL =>
  and(eq(p.entityId, entityId), eq(p.deleted, true), isNull(p.purgedAt))!;

/** A person in the entity's trash can (deleted, not purged). */
export async function findTrashedPerson(
  db: Db,
  entityId: number,
  id: number,
): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), inTrash(entityId)))
    .limit(1);
  return row;
}

/** The trash can, most recently deleted first, with who deleted each person. */
export async function listTrash(db: Db, entityId: number, query: TrashListQuery): Promise<TrashPage> {
  const deleter = alias(t.accounts, 'deleter');
  const own = alias(t.accounts, 'own');
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const where = and(inTrash(entityId), ...words.map((w) => sql`${p.searchText} like ${likeContains(w)}`))!;
  const [rows, [total]] = await Promise.all([
    db
      .select({ person: p, deleterName: deleter.username, username: own.username })
      .from(p)
      .leftJoin(deleter, eq(deleter.id, p.deletedBy))
      .leftJoin(own, eq(own.personId, p.id))
      .where(where)
      .orderBy(desc(p.deletedAt), desc(p.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(p).where(where),
  ]);
  return {
    Rows: rows.map(({ person, deleterName, username }) => {
      const { NameInformation, DateOfBirth } = toPerson(person);
      return {
        PersonId: person.id,
        NameInformation,
        ScreenName: screenName(NameInformation),
        DateOfBirth,
        Username: username,
        DeletedAt: isoOrNull(person.deletedAt),
        DeletedBy: person.deletedBy ? { Id: person.deletedBy, Username: deleterName } : null,
      };
    }),
    Total: total?.n ?? 0,
    TotalExact: true,
    Page: query.page,
    PageSize: query.pageSize,
  };
}

/**
 * Deletes for good: every area erases or anonymises its personal data of the person and their
 * accounts through its registered purge step (platform/purge.ts), in one transaction. The rows stay,
 * and so do the audit log entries that refer to them by id (NEN 7513).
 */
export async function purgePerson(db: Db, person: PersonRow): Promise<{ accountIds: number[] }> {
  return db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: t.accounts.id, emailAddresses: t.accounts.emailAddresses })
      .from(t.accounts)
      .where(eq(t.accounts.personId, person.id));
    const patients = await tx
      .select({ id: t.patients.id })
      .from(t.patients)
      .where(eq(t.patients.personId, person.id));
    await runPurge(tx, {
      personId: person.id,
      entityId: person.entityId,
      accounts,
      patientIds: patients.map((p) => p.id),
    });
    return { accountIds: accounts.map((a) => a.id) };
  });
}
