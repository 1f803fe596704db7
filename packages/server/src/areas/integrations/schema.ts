import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/** A ward code of the source mapped to a department of the organisation. */
export interface StoredWardMapping {
  wardCode: string;
  departmentId: number;
}

/** Koppeling: one link of an organisation to an outside system (Geavanceerd). */
export const integrations = pgTable(
  'integrations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    type: text({ enum: ['mijncaress', 'mp9', 'baxter', 'webhook'] }).notNull(),
    name: text().notNull(),
    source: text().notNull(),
    schedule: text({ enum: ['manual', 'hourly', 'daily'] })
      .notNull()
      .default('manual'),
    wardMapping: jsonb().$type<StoredWardMapping[]>().notNull().default([]),
    active: boolean().notNull().default(true),
    /** The API key, sealed with the platform secret box (never sent back). */
    secretSealed: text(),
    /**
     * When the scheduler runs it next (`hourly`, `daily`): set when a schedule is chosen, moved on by the
     * instance that claims the run (scheduler.ts); null for `manual`.
     */
    nextRunAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.entityId, t.type),
    index('integrations_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null`),
  ],
);

/** One run of an integration: counts, outcome and (in the lines) every record's result. */
export const integrationReports = pgTable(
  'integration_reports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    integrationId: integer()
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    outcome: text({ enum: ['success', 'partial', 'failure'] })
      .notNull()
      .default('failure'),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    refused: integer().notNull().default(0),
    message: text(),
    startedBy: integer().references(() => accounts.id),
    startedByName: text(),
  },
  (t) => [index().on(t.integrationId, t.startedAt)],
);

export const integrationReportLines = pgTable(
  'integration_report_lines',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer()
      .notNull()
      .references(() => integrationReports.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    reference: text().notNull(),
    action: text({ enum: ['created', 'updated', 'unchanged', 'refused'] }).notNull(),
    reason: text(),
    patientId: integer(),
  },
  (t) => [index().on(t.reportId, t.seq)],
);
