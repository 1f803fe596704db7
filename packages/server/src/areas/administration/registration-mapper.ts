import { type Registration, screenName } from '@zorgportaal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { isLate } from './rules.ts';

export type AdministrationRow = typeof t.administrations.$inferSelect;
export type UserRef = Registration['RecordedBy'];

/** Who recorded and who double-checked: username and screen name of the accounts, in one query. */
export async function loadUsers(db: Db, ids: Iterable<number | null>): Promise<Map<number, UserRef>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: t.accounts.id, username: t.accounts.username, person: t.persons })
    .from(t.accounts)
    .leftJoin(t.persons, eq(t.persons.id, t.accounts.personId))
    .where(inArray(t.accounts.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        Id: r.id,
        Username: r.username,
        ScreenName: r.person
          ? screenName({
              FirstNames: r.person.firstNames,
              LastName: { Prefix: r.person.lastNamePrefix, LastName: r.person.lastName },
            })
          : null,
      },
    ]),
  );
}

const unknownUser = (id: number): UserRef => ({ Id: id, Username: `#${id}`, ScreenName: null });

/** A stored registration → the Registration JSON; `correctedById` comes from the correction, if any. */
export function toRegistration(
  row: AdministrationRow,
  users: Map<number, UserRef>,
  now: Date,
  correctedById: number | null = null,
): Registration {
  return {
    Id: row.id,
    EntityId: row.entityId,
    PatientId: row.patientId,
    AgreementId: row.agreementId,
    ScheduledAt: row.scheduledAt?.toISOString() ?? null,
    ScheduledQty: row.scheduledQty,
    AdministeredAt: row.administeredAt?.toISOString() ?? null,
    AdministeredQty: row.administeredQty,
    Status: row.status,
    DeviationReason: row.deviationReason as Registration['DeviationReason'],
    DeviationText: row.deviationText,
    DoubleCheckRequired: row.doubleCheckRequired,
    AwaitingDoubleCheck: row.doubleCheckRequired && row.doubleCheckBy === null,
    DoubleCheckBy:
      row.doubleCheckBy === null ? null : (users.get(row.doubleCheckBy) ?? unknownUser(row.doubleCheckBy)),
    DoubleCheckAt: row.doubleCheckAt?.toISOString() ?? null,
    RecordedBy: users.get(row.recordedBy) ?? unknownUser(row.recordedBy),
    RecordedAt: row.recordedAt.toISOString(),
    Note: row.note,
    CorrectsId: row.correctsId,
    CorrectedById: correctedById,
    Late: isLate(row.scheduledAt, row, now),
    TimingReason: row.timingReason,
  };
}
