import { z } from 'zod';

/**
 * The request header that makes a write safe to send again (offline queues, a retry after a lost answer):
 * a UUID the client makes once per intended write. The server answers a repeat from the same account with
 * the first answer and never writes twice (docs/architecture.md, "Registering once").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key and its answer are kept at least this long; a client must not resend a write after it. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 7;

/**
 * The headers of a route that takes the key. Node lowercases header names, so the schema names it in
 * lower case; refusals name it `Idempotency-Key` (the error handler spells header names that way).
 * Loose: the parsed value replaces the request's headers, and every other header must stay.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .uuid({ error: 'De Idempotency-Key moet een UUID zijn.' })
    .optional()
    .describe(
      'A UUID the client makes once per write; a repeat from the same account gets the first answer.',
    ),
});
