import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_RETENTION_DAYS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@zorgportaal/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Db, rowsOf } from './db/client.ts';
import { idempotencyKeys } from './db/schema/idempotency.ts';
import { unprocessable } from './errors.ts';
import { registerPurge } from './purge.ts';

/**
 * Writes sent with an Idempotency-Key (contract `idempotency.ts`): the first answer of a write is kept
 * with the key, in the write's own statement or transaction, and a repeat from the same account gets that answer
 * instead of a second write. A route uses it in three steps:
 * 1. `findAnswer` before any check with side effects would run again (credentials, a refusal's audit entry);
 * 2. `keptAnswerInsert` (in the write's own statement) or `keepAnswer` (inside the write's transaction);
 * 3. `answerAfterFailure` when the write or a check failed: a concurrent duplicate that won has stored its
 *    answer by then (this one waited on the database and then hit a unique constraint), and so has the first
 *    request of a repeat whose checks ran again; that stored answer is the answer.
 * Only answers of writes that happened are kept: a refused request stored nothing, so sending it again
 * is simply evaluated again (as Stripe does for requests that did not execute).
 */

/** A request with a key: whose it is, the key, and what identifies the request behind it. */
export interface KeyedRequest {
  accountId: number;
  key: string;
  /** `METHOD /route/:param` as the router knows it. */
  route: string;
  requestHash: string;
}

/** A stored first answer. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Each instance removes expired keys this often; removing them is harmless on several at once. */
export const CLEANUP_INTERVAL_MS = 60 * 60_000;

const OTHER_REQUEST = 'Deze Idempotency-Key is al gebruikt voor een ander verzoek. Maak een nieuwe sleutel.';

/** Stable JSON (sorted keys; undefined members left out), so equal requests hash equally. */
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

/** The hash of what a route says identifies a request (its parsed params and body, without credentials). */
export const requestHash = (identity: unknown): string =>
  createHash('sha256').update(stableJson(identity)).digest('base64url');

/**
 * The key of this request, or null without the header (the route then works as it always did). The
 * header was validated by the route's schema (`idempotencyHeadersSchema`): a malformed key never gets here.
 */
export function keyedRequest(request: FastifyRequest, identity: unknown): KeyedRequest | null {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !request.caller) return null;
  return {
    accountId: request.caller.accountId,
    key: key.toLowerCase(),
    route: `${request.method} ${request.routeOptions.url}`,
    requestHash: requestHash({ params: request.params, identity }),
  };
}

export type Outcome = 'first' | 'replay' | 'other_request';

/**
 * The rule. A key belongs to its account: another account's row with the same key is not this request's.
 * The same account, key, route and request: the stored answer again. The same key for anything else: refused.
 */
export function outcomeOf(stored: KeyedRequest | undefined, request: KeyedRequest): Outcome {
  if (!stored || stored.accountId !== request.accountId || stored.key !== request.key) return 'first';
  return stored.route === request.route && stored.requestHash === request.requestHash
    ? 'replay'
    : 'other_request';
}

/** The first answer to this key, null when there is none; 422 naming the header when it was another request. */
export async function findAnswer(db: Db, request: KeyedRequest): Promise<Answer | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, request.accountId), eq(idempotencyKeys.key, request.key)));
  switch (outcomeOf(row, request)) {
    case 'first':
      return null;
    case 'other_request':
      throw unprocessable(OTHER_REQUEST, IDEMPOTENCY_KEY_HEADER);
    case 'replay':
      return { status: row!.status, body: row!.body };
  }
}

/**
 * Stores the answer with its key; call it inside the write's transaction. A concurrent duplicate's row makes
 * this INSERT wait for that transaction and then fail (unique violation), which rolls this write back.
 */
export async function keepAnswer(tx: Db, request: KeyedRequest, answer: Answer): Promise<void> {
  await tx.insert(idempotencyKeys).values({ ...request, status: answer.status, body: answer.body });
}

/**
 * A write that is one INSERT … RETURNING keeps its answer with the key in the same statement (a second
 * data-modifying CTE): atomic without BEGIN and COMMIT round trips, so a keyed write costs what one without a
 * key does. `keptAnswerInsert(record, source, from)` is that CTE's body: `record` a jsonb expression holding
 * `keptAnswerRecord` (a parameter, or a column of the rows of a multi-row write, null for a row without a key),
 * `source` the CTE returning the written row, `from` what the rows are read from (`source`, or a join of it
 * with the write's input). The answer is made before the row exists, so its `idField` is set from the row.
 * A concurrent duplicate's key makes the statement wait for it and then fail as a whole (unique violation).
 */
export function keptAnswerInsert(record: string, source: string, from = source, idField = 'Id'): string {
  return `insert into idempotency_keys (account_id, key, route, request_hash, status, body)
    select k.account_id, k.key, k.route, k.request_hash, k.status,
      jsonb_set(k.body, '{${idField}}'::text[], to_jsonb(${source}.id))
    from ${from}, jsonb_to_record(${record}::jsonb)
      as k(account_id int, key uuid, route text, request_hash text, status smallint, body jsonb)
    where ${record} is not null`;
}

/** The record `keptAnswerInsert` reads: the key and the answer to keep. */
export const keptAnswerRecord = (request: KeyedRequest, answer: Answer) => ({
  account_id: request.accountId,
  key: request.key,
  route: request.route,
  request_hash: request.requestHash,
  status: answer.status,
  body: answer.body,
});

/**
 * After a keyed write failed: the answer to its key when there is one by now (a concurrent duplicate that
 * won, whose transaction this one waited for; or a repeat whose checks ran again), else null: nothing was
 * written, and the client may send the same key again.
 */
export async function answerAfterFailure(db: Db, request: KeyedRequest | null): Promise<Answer | null> {
  return request ? findAnswer(db, request) : null;
}

/** Sends an answer; a stored one carries `Idempotent-Replayed: true`. */
export function sendAnswer(reply: FastifyReply, answer: Answer, replayed: boolean): FastifyReply {
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.code(answer.status).send(answer.body);
}

/**
 * Removes the keys older than the retention; returns how many. By the database's clock, the one that
 * stamped `created_at`: an instance whose clock runs ahead removes nothing early.
 */
export async function removeExpiredKeys(db: Db): Promise<number> {
  const result = await db.execute(
    sql`with removed as (delete from ${idempotencyKeys}
          where ${idempotencyKeys.createdAt} < now() - make_interval(days => ${IDEMPOTENCY_KEY_RETENTION_DAYS}::int)
          returning 1)
        select count(*)::int as n from removed`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Runs the cleanup when the app is ready and then every CLEANUP_INTERVAL_MS. Every instance runs it: a
 * DELETE of expired rows is the same whoever runs it, and two at once only find fewer rows to delete.
 */
export function scheduleKeyCleanup(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    removeExpiredKeys(app.db)
      .then((n) => {
        if (n > 0) app.log.info({ removed: n }, 'expired idempotency keys removed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key cleanup failed'));
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), CLEANUP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

// A stored answer names the accounts that recorded and checked (username, screen name): a purged person's
// keys and the answers naming them go at once instead of after the retention.
registerPurge('idempotency', async (tx, { accounts }) => {
  const ids = accounts.map((a) => a.id);
  if (!ids.length) return;
  await tx
    .delete(idempotencyKeys)
    .where(
      or(
        inArray(idempotencyKeys.accountId, ids),
        inArray(sql`(${idempotencyKeys.body} -> 'DoubleCheckBy' ->> 'Id')::int`, ids),
      ),
    );
});
