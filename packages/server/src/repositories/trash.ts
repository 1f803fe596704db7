import { screenName, type TrashListQuery, type TrashPage } from '@zorgportaal/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { NO_PASSWORD_HASH } from './account-admin.ts';
import { isoOrNull, toPerson } from './person-mapper.ts';
import { likeContains } from './person-list.ts';
import { revokeAccountSessions } from '../auth/account-sessions.ts';
import type { PersonRow } from './person-write.ts';

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

/** Back from the trash can; the account stays inactive until an administrator re-activates it. */
export async function restorePerson(db: Db, entityId: number, id: number): Promise<PersonRow | undefined> {
  const [row] = await db
    .update(p)
    .set({ deleted: false, active: true, deletedAt: null, deletedBy: null, updatedAt: new Date() })
    .where(and(eq(p.id, id), inTrash(entityId)))
    .returning();
  return row;
}

/**
 * Deletes for good: erases the personal data of the person and their account (names, date of birth,
 * avatar, e-mail addresses, employee number; username anonymised). The rows stay, and so do the audit
 * log entries that refer to them by id (NEN 7513).
 */
export async function purgePerson(db: Db, person: PersonRow): Promise<{ accountIds: number[] }> {
  return db.transaction(async (tx) => {
    await tx
      .update(p)
      .set({
        firstNames: '-',
        lastNamePrefix: null,
        lastName: 'Verwijderd',
        partnerPrefix: null,
        partnerLastName: null,
        dateOfBirth: null,
        customerName: null,
        avatar: null,
        purgedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(p.id, person.id));
    const accounts = await tx.select().from(t.accounts).where(eq(t.accounts.personId, person.id));
    for (const account of accounts) {
      await tx
        .update(t.accounts)
        .set({
          username: `verwijderd-${account.id}`,
          emailAddresses: [],
          employeeNumber: null,
          passwordHash: NO_PASSWORD_HASH,
          totpEnabled: false,
          totpSecretEncrypted: null,
          active: false,
          deleted: true,
        })
        .where(eq(t.accounts.id, account.id));
      await revokeAccountSessions(tx, account.id, 'person_purged');
      await tx.delete(t.totpEnrolments).where(eq(t.totpEnrolments.accountId, account.id));
      await tx.delete(t.accountIpAllowList).where(eq(t.accountIpAllowList.accountId, account.id));
      await tx
        .update(t.passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(t.passwordResetTokens.accountId, account.id), isNull(t.passwordResetTokens.usedAt)));
      if (account.emailAddresses.length)
        await tx.delete(t.mailOutbox).where(inArray(t.mailOutbox.to, account.emailAddresses));
    }
    return { accountIds: accounts.map((a) => a.id) };
  });
}
