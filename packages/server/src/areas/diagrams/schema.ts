import type { DiagramDefinition } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/** The most bytes a stored definition may take; the contract's schema keeps it far below this. */
export const DIAGRAM_DEFINITION_MAX_BYTES = 1024;

/**
 * A chart an organisation saved on Diagrammen, shared by its users. Only the definition is stored: its
 * figures are the live results of whoever views it. A deleted diagram is gone (it holds no patient data
 * and the audit log keeps who deleted it). No purge step: the owner is an account id, and the name shown
 * is read from the person at the time, so a purged owner shows as purged.
 */
export const diagrams = pgTable(
  'diagrams',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    ownerAccountId: integer()
      .notNull()
      .references(() => accounts.id),
    title: text().notNull(),
    definition: jsonb().$type<DiagramDefinition>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('diagrams_entity_idx').on(t.entityId, t.createdAt),
    check(
      'diagrams_definition_size_check',
      sql`octet_length(${t.definition}::text) <= ${sql.raw(String(DIAGRAM_DEFINITION_MAX_BYTES))}`,
    ),
  ],
);
