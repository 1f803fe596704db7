import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * A counter per care centre that moves with every change its client lists show (GET /api/patients), so an
 * instance may answer a list it read before after reading only the counters of the care centres in the caller's
 * scope (kept-client-lists.ts). Kept by statement triggers in the same transaction as each change of a client
 * (its row, its person), a department's name and an organisation's name (custom migration client_list_version_triggers).
 * A list shows only clients of care centres in its scope, and a change of a client moves the counter of the care
 * centre it was in and the one it is in now; every row only grows, so the sum over a scope's care centres is larger
 * after every committed change and never comes back. Not moved by registrations, agreements or schemes: the list
 * does not show them, so a ward's round leaves its client list kept. No foreign keys: derived data.
 */
export const clientListVersions = pgTable('client_list_versions', {
  entityId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});
