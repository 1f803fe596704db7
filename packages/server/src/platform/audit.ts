import { createHash } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  type AuditAction,
  type AuditObjectType,
  type AuditOutcome,
} from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './db/client.ts';
import { microBatch } from './db/micro-batch.ts';
import { preparedStatement } from './db/prepared.ts';
import { loggedViews } from './audit-views.ts';
import type { auditLog } from './db/schema/audit.ts';

/** The role an entry by a system client carries (it has no account and no roles). */
export const SYSTEM_CLIENT_ROLE = 'Systeemclient';

/** A repeat of the same list view by the same session within this window writes no new entry. */
export const VIEW_REPEAT_WINDOW_MINUTES = 15;

export interface AuditEvent {
  action: AuditAction;
  outcome: AuditOutcome;
  objectType: AuditObjectType;
  objectId?: string | number | null;
  patientId?: number | null;
  /** The patients a list view showed: one entry links them all, so "who saw this client" finds it. */
  relatedPatientIds?: readonly number[];
  /** For a change: the names of the fields that changed (never their values). */
  changedFields?: readonly string[];
  detail?: Record<string, unknown>;
  /** Who acted when there is no authenticated caller yet (login, failed login, refresh). */
  actor?: { userId: number | null; username: string | null; entityId: number | null; role?: string | null };
}

/** A list view: `view` is what makes it a different view (filters, day, department, page). */
export interface AuditViewEvent extends Omit<AuditEvent, 'action' | 'outcome' | 'actor'> {
  view: Record<string, unknown>;
  relatedPatientIds: readonly number[];
}

export interface AuditService {
  record(request: FastifyRequest, event: AuditEvent): Promise<void>;
  /** Several events of one request in a single multi-row INSERT; none: no query. */
  recordMany(request: FastifyRequest, events: readonly AuditEvent[]): Promise<void>;
  /**
   * The entries of a change made in a transaction, written in that transaction (`tx`), not in a batch: they
   * commit, or roll back, with the change. For a keyed write above all: its answer is kept in the same
   * transaction, and a change kept without its entry would be answered again as if it were complete.
   */
  recordIn(tx: Db, request: FastifyRequest, events: readonly AuditEvent[]): Promise<void>;
  /**
   * One read entry for a list view, unless the same session saw the very same view (same filters and
   * the same patients) in the last VIEW_REPEAT_WINDOW_MINUTES: an automatic refresh adds nothing.
   * A different day, department, filter or set of patients is a new view and a new entry (NEN 7513).
   */
  recordView(request: FastifyRequest, event: AuditViewEvent): Promise<boolean>;
  /**
   * Entries of work that no request started (a scheduled integration run): each event names its `actor`,
   * and there is no IP address.
   */
  recordJob(events: readonly (AuditEvent & { actor: NonNullable<AuditEvent['actor']> })[]): Promise<void>;
}

/** Where an entry comes from: the request's caller and address, or none (a job). */
type AuditOrigin = Pick<FastifyRequest, 'caller'> & { ip: string | null };

/** Stable JSON (sorted keys), so the same view always gives the same key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The identity of a view by a session, hashed: the session id itself is not stored with it. */
export function viewKey(sessionId: string, event: AuditViewEvent): string {
  const patients = [...new Set(event.relatedPatientIds)].sort((a, b) => a - b);
  const identity = stableJson([sessionId, event.objectType, event.objectId ?? null, event.view, patients]);
  return createHash('sha256').update(identity).digest('base64url');
}

/** The audit_log row of an event: the caller and the IP come from the request unless `actor` says otherwise. */
function auditRow(request: AuditOrigin, event: AuditEvent): typeof auditLog.$inferInsert {
  const caller = request.caller;
  // A system client (OAuth2 client credentials) has no account: the entry names the client instead, as
  // the actor's name and role and in the detail (its id), so the Logboek shows which system read what.
  const system = event.actor ? undefined : caller?.system;
  // A given actor is taken whole: its nulls mean "nobody named" (e.g. the partner's copy of a link change).
  const actor =
    event.actor ??
    (system
      ? { userId: null, username: system.name, role: SYSTEM_CLIENT_ROLE, entityId: caller!.entityId }
      : {
          userId: caller?.accountId ?? null,
          username: caller?.username ?? null,
          role: caller?.roles.join(', ') ?? null,
          entityId: caller?.entityId ?? null,
        });
  const detail = system
    ? { ...event.detail, SystemClientId: system.clientId, SystemClient: system.name }
    : (event.detail ?? null);
  return {
    action: event.action,
    outcome: event.outcome,
    userId: actor.userId,
    username: actor.username,
    role: actor.role ?? null,
    entityId: actor.entityId,
    ip: request.ip,
    objectType: event.objectType,
    objectId: event.objectId == null ? null : String(event.objectId),
    patientId: event.patientId ?? null,
    relatedPatientIds: event.relatedPatientIds?.length ? [...new Set(event.relatedPatientIds)] : null,
    changedFields: event.changedFields ? [...event.changedFields] : null,
    detail,
  };
}

export type AuditRow = typeof auditLog.$inferInsert;

/** The most rows one multi-row INSERT takes; a single request with more goes in a batch of its own. */
export const AUDIT_BATCH_MAX_ROWS = 200;

/**
 * The columns one batch statement writes, with their SQL types: the rows travel as one jsonb parameter
 * (jsonb_to_recordset), the same on PGlite and node-postgres, whatever the number of rows.
 */
const BATCH_COLUMNS = [
  ['action', 'text'],
  ['outcome', 'text'],
  ['user_id', 'integer'],
  ['username', 'text'],
  ['role', 'text'],
  ['entity_id', 'integer'],
  ['ip', 'text'],
  ['object_type', 'text'],
  ['object_id', 'text'],
  ['patient_id', 'integer'],
  ['related_patient_ids', 'integer[]'],
  ['changed_fields', 'text[]'],
  ['view_key', 'text'],
  ['detail', 'jsonb'],
] as const;
/** The log's columns a statement inserts, and the same as a record type (`jsonb_to_record(…) as e(…)`). */
const INSERTED_COLUMNS = BATCH_COLUMNS.map(([name]) => name).join(', ');
const RECORD_FIELDS = BATCH_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
/** An entry as the batch statement's JSON record holds it (column names, nulls for what is not set). */
function recordOf(row: AuditRow) {
  return {
    action: row.action,
    outcome: row.outcome,
    user_id: row.userId ?? null,
    username: row.username ?? null,
    role: row.role ?? null,
    entity_id: row.entityId ?? null,
    ip: row.ip ?? null,
    object_type: row.objectType,
    object_id: row.objectId ?? null,
    patient_id: row.patientId ?? null,
    related_patient_ids: row.relatedPatientIds ?? null,
    changed_fields: row.changedFields ?? null,
    view_key: row.viewKey ?? null,
    detail: row.detail ?? null,
  };
}

/**
 * A change's entry written by the change's own statement, for a hot write that is one statement: the change
 * and its entry then commit together, in one round trip, and neither exists without the other. The statement
 * holds `auditEntryInsert(record, source, from)` as a data-modifying CTE: `record` a jsonb expression holding
 * `auditEntryRecord(request, event)` (a parameter, or a column of the rows of a multi-row write), `source` the
 * CTE returning the changed rows, `from` what the rows are read from (`source`, or a join of it with the
 * write's input). The entry's object id (and, when the event names none, its client) come from the changed row.
 */
export function auditEntryRecord(request: AuditOrigin, event: AuditEvent) {
  return recordOf(auditRow(request, event));
}

/** The CTE body of `auditEntryRecord` (see there). */
export function auditEntryInsert(record: string, source: string, from = source): string {
  const fromSource: Partial<Record<string, string>> = {
    object_id: `${source}.id::text`,
    patient_id: `coalesce(e.patient_id, ${source}.patient_id)`,
  };
  const columns = BATCH_COLUMNS.map(([name]) => fromSource[name] ?? `e.${name}`).join(', ');
  return `insert into audit_log (${INSERTED_COLUMNS})
    select ${columns} from ${from}, jsonb_to_record(${record}::jsonb) as e(${RECORD_FIELDS})`;
}

/**
 * One statement for a whole batch, its rows as the jsonb `records` (SQL text: a parameter): every row in order,
 * except a list view (a row with a view key) that the same user already logged within
 * VIEW_REPEAT_WINDOW_MINUTES (an automatic refresh). Returns the view keys it inserted.
 * The repeat check is a LATERAL with LIMIT 1, so it stays one index lookup per row on
 * audit_log_user_keyset_idx (as the single SELECT was). A plain `not exists` beside `view_key is null`
 * becomes a hashed subplan over every entry of the last 15 minutes: a scan of the recent log per batch.
 */
const auditBatchText = (records: string) => `
    insert into audit_log (${INSERTED_COLUMNS})
    select ${BATCH_COLUMNS.map(([name]) => `r.${name}`).join(', ')}
    from jsonb_to_recordset(${records}::jsonb) as r(${RECORD_FIELDS}, ord integer)
    left join lateral (
      select 1 as seen from audit_log a
      where r.view_key is not null
        and a.entity_id = r.entity_id and a.user_id = r.user_id
        and a.event_at > now() - make_interval(mins => ${VIEW_REPEAT_WINDOW_MINUTES})
        and a.view_key = r.view_key
      limit 1
    ) as repeat on true
    where repeat.seen is null
    order by r.ord
    returning view_key`;
// The text around its one parameter, for Drizzle's template in a transaction: split at a NUL, a character no SQL
// text here holds.
const [BATCH_HEAD, BATCH_TAIL] = auditBatchText('\u0000').split('\u0000') as [string, string];

/** The batch's rows as its statement's jsonb parameter. */
const recordsOf = (rows: readonly AuditRow[]) =>
  JSON.stringify(rows.map((row, ord) => ({ ...recordOf(row), ord })));

/** The batch statement for a transaction (`recordIn`): Drizzle's, with the rows as its one parameter. */
export function auditBatchStatement(rows: readonly AuditRow[]) {
  return sql`${sql.raw(BATCH_HEAD)}${recordsOf(rows)}${sql.raw(BATCH_TAIL)}`;
}

/**
 * The same statement outside a transaction (every micro-batch), its text built once instead of by Drizzle for
 * each batch. Planned with each call's values: as a named statement (whose generic plan PostgreSQL takes after
 * five runs, over every partition of the log) it wrote half as many entries a second (docs/performance.md).
 */
const auditBatch = preparedStatement<{ view_key: string | null }>(
  'platform_audit_batch',
  auditBatchText('$1'),
  { planPerCall: true },
);

async function insertBatch(db: Db, rows: readonly AuditRow[]): Promise<Set<string>> {
  const result = await auditBatch(db, [recordsOf(rows)]);
  return new Set(result.map((r) => r.view_key).filter((key): key is string => key !== null));
}

/**
 * Micro-batched audit writes (`microBatch`): every request awaits the commit of the batch that holds its rows
 * (the NEN 7513 entry is durable before the answer; never fire-and-forget). The rows queued while one INSERT
 * is in flight go in the next one (up to `maxRows`); a lone request waits one turn of the event loop for others
to join it; a failed INSERT rejects
 * every request of its batch. Each request gets the view keys of its own rows that were inserted.
 */
export function createAuditWriter(db: Db, maxRows = AUDIT_BATCH_MAX_ROWS) {
  const write = microBatch<AuditRow[], ReadonlySet<string>>(
    async (requests) => {
      // The same view twice in one batch (two tabs of one session at once): the first row counts, as the
      // repeat check would have found it had they come one after the other.
      const seen = new Set<string>();
      const repeats = new Map<AuditRow[], Set<string>>();
      const rows = requests.flatMap((own) =>
        own.filter((row) => {
          if (!row.viewKey) return true;
          if (!seen.has(row.viewKey)) return seen.add(row.viewKey);
          repeats.set(own, (repeats.get(own) ?? new Set()).add(row.viewKey));
          return false;
        }),
      );
      const inserted = await insertBatch(db, rows);
      return (own) => {
        const repeated = repeats.get(own);
        return repeated ? new Set([...inserted].filter((key) => !repeated.has(key))) : inserted;
      };
    },
    maxRows,
    (rows) => rows.length,
    // A turn to gather in: on PGlite the views of concurrent requests meet only so (platform/db/micro-batch.ts);
    // on both databases more entries share a commit (bench/audit-writes.ts, docs/performance.md).
    { gatherATurn: true },
  );
  /** Resolves with the view keys the batch inserted, once the batch holding `rows` is committed. */
  return { write };
}

/** One audit helper for the whole app (Medplum's createAuditEvent): the caller and the IP come from the request. */
export function createAuditService(db: Db, maxRows = AUDIT_BATCH_MAX_ROWS): AuditService {
  const writer = createAuditWriter(db, maxRows);
  const views = loggedViews(VIEW_REPEAT_WINDOW_MINUTES);
  return {
    async record(request, event) {
      await writer.write([auditRow(request, event)]);
    },
    async recordMany(request, events) {
      if (events.length === 0) return;
      await writer.write(events.map((event) => auditRow(request, event)));
    },
    async recordIn(tx, request, events) {
      if (events.length === 0) return;
      await tx.execute(auditBatchStatement(events.map((event) => auditRow(request, event))));
    },
    async recordView(request, event) {
      const caller = request.caller!;
      const key = viewKey(caller.sessionId, event);
      // Taken before the write: the entry's time is later, so the window is never stretched.
      const now = Date.now();
      if (views.has(key, now)) return false;
      const { view, ...rest } = event;
      const row = {
        ...auditRow(request, {
          ...rest,
          action: AUDIT_ACTIONS.read,
          outcome: AUDIT_OUTCOMES.success,
          detail: { ...view, ...rest.detail },
        }),
        viewKey: key,
      };
      const inserted = (await writer.write([row])).has(key);
      if (inserted) views.add(key, now);
      return inserted;
    },
    async recordJob(events) {
      if (events.length === 0) return;
      await writer.write(events.map((event) => auditRow({ caller: null, ip: null }, event)));
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('audit', createAuditService(app.db));
  },
  { name: 'audit', dependencies: ['db'] },
);
