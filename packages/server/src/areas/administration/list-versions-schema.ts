import { bigint, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * A counter per ward that moves with every change a ward's Toedienlijst is built from, so a poll reads the
 * list's version as one indexed row sum instead of fingerprinting the ward's clients, agreements and
 * registrations (queries/list-version.ts). Kept by statement triggers in the same transaction as every change
 * of patients, persons, agreements, products, dosage schemes, registrations and Baxter interim changes
 * (custom migration department_list_version_triggers).
 * Each ward has up to 64 rows (`shard` = the client's id mod 64): a change bumps its client's row, so two
 * nurses registering for different clients of one ward do not wait for each other's commit on one row. The
 * version is the sum of the ward's rows: every row only grows, so every committed change makes it larger and
 * a version never comes back. No foreign keys: derived data, and a ward without rows has version 0.
 */
/**
 * The shards of a ward's counters: `shard` is the client's id mod this (the triggers' migration and the day
 * list's data function, 0039, say 64).
 */
export const LIST_VERSION_SHARDS = 64;

export const departmentListVersions = pgTable(
  'department_list_versions',
  {
    departmentId: integer().notNull(),
    shard: smallint().notNull(),
    version: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.shard] })],
);
