import type { AuditAction } from '@zorgportaal/contract';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The NEN 7513 audit log (domain.md "Log"). Append-only: triggers (custom migrations audit_log_append_only and
 * audit_log_partitioned) refuse UPDATE, DELETE and TRUNCATE on the table and on every partition. No foreign
 * keys, so purging a person keeps its log. Range-partitioned by UTC month (audit_log_YYYY_MM plus
 * audit_log_default; `platform/audit-partitions.ts` creates them ahead), so the key holds event_at: ids come
 * from one sequence and stay unique and increasing.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    eventId: uuid().notNull().defaultRandom(),
    eventAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    action: text().$type<AuditAction>().notNull(),
    outcome: text().notNull(),
    userId: integer(),
    username: text(),
    role: text(),
    entityId: integer(),
    responsibleUserId: integer(),
    ip: text(),
    objectType: text().notNull(),
    objectId: text(),
    patientId: integer(),
    /** A list view's patients (one entry per view, not per patient); searched by the client filters. */
    relatedPatientIds: integer().array(),
    /** A change's field names (never their values). */
    changedFields: text().array(),
    /** A list view's identity (hashed session + filters + patients): a refresh within minutes is not logged again. */
    viewKey: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.eventAt] }),
    index('audit_log_entity_time_idx').on(t.entityId, t.eventAt.desc(), t.id),
    index().on(t.patientId),
    // Keyset pagination of the Logboek, newest first: (event_at, id) desc per view (all, user, object, patient).
    index('audit_log_keyset_idx').on(t.entityId, t.eventAt.desc(), t.id.desc()),
    index('audit_log_user_keyset_idx').on(t.entityId, t.userId, t.eventAt.desc(), t.id.desc()),
    index('audit_log_object_keyset_idx').on(
      t.entityId,
      t.objectType,
      t.objectId,
      t.eventAt.desc(),
      t.id.desc(),
    ),
    index('audit_log_related_patients_idx').using('gin', t.relatedPatientIds),
    index('audit_log_patient_keyset_idx').on(t.entityId, t.patientId, t.eventAt.desc(), t.id.desc()),
    // Block ranges by time (rows arrive in time order): a time bound ANDed with the client lookups above, so
    // the Logboek's others' part reads the hours its page spans, not the month's entries on its clients.
    index('audit_log_event_at_brin').using('brin', t.eventAt).with({ autosummarize: true }),
  ],
);
