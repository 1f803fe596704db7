import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Organisations (domain.md "Entity"). `type` is the spec's entity type; `settings` is /api/management/settings. */
export const entities = pgTable('entities', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  type: text({ enum: ['pharmacy', 'carecenter', 'customer'] }).notNull(),
  agb: text(),
  settings: jsonb()
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const locations = pgTable(
  'locations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    name: text().notNull(),
  },
  (t) => [index().on(t.entityId)],
);

/** Afdeling or wijk; patients live on a department. */
export const departments = pgTable(
  'departments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    name: text().notNull(),
  },
  (t) => [index().on(t.entityId)],
);

/**
 * Zorgnetwerk (FHIR OrganizationAffiliation): `fromEntityId` supplies / is gp / anticoagulation for `toEntityId`.
 * The tenant scope reads it; only platform/network-links.ts changes it (areas read it in joins).
 */
export const networkLinks = pgTable(
  'network_links',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    fromEntityId: integer()
      .notNull()
      .references(() => entities.id),
    toEntityId: integer()
      .notNull()
      .references(() => entities.id),
    role: text({ enum: ['supplies', 'anticoagulation', 'gp'] }).notNull(),
    active: boolean().notNull().default(true),
    /** Who ended an active link, and when: only that organisation may activate it again (network consent). */
    deactivatedByEntityId: integer().references(() => entities.id),
    deactivatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.fromEntityId, t.toEntityId, t.role), index().on(t.toEntityId)],
);
