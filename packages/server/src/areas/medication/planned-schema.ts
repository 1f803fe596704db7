import { date, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { medicationAgreements } from './schema.ts';

/**
 * One stored slot of an agreement's day (the `planned_moments` table): what the instructions plan that
 * day regardless of the agreement's start and end, which `plannedFrom` (planned-moments.ts) applies when the day is read.
 * `at` is the UTC instant in milliseconds, null for the as-needed line.
 */
export interface DaySlot {
  at: number | null;
  time: string | null;
  dose: number | null;
}

/**
 * The stored expansion of the planned moments: per agreement and local calendar day, what its instructions
 * plan that day (`daySlots`: the timed moments as UTC instants, or the one as-needed line), so the
 * Toedienlijst reads the day instead of expanding every instruction with the time zone on every read.
 * A pure function of the agreement's type and instructions (never updated: a change is a new agreement)
 * and the day, so a row never goes stale; the agreement's start and end are applied when the day is read
 * (`plannedFrom`). Written in the transaction of every agreement created (today and tomorrow), by the day
 * roll-over (tomorrow, every agreement in force), and for any other day the first time it is read
 * (`insert … on conflict do nothing`: concurrent writers write the same row). No purge step: it holds no
 * personal data, only the agreement's id and times.
 */
export const plannedMoments = pgTable(
  'planned_moments',
  {
    agreementId: integer()
      .notNull()
      .references(() => medicationAgreements.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    slots: jsonb().$type<DaySlot[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.day] })],
);
