import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalidParameter } from './outcome.ts';

/**
 * The `next` link's keyset cursor: the last id of the page, bound to the resource type and the exact
 * query, signed with a key derived from SECRET_KEY. A cursor cannot be forged or moved to another
 * search; it grants nothing by itself (every page applies the caller's scope again), but a forged one
 * would turn paging into a probe. Keyset, not offset: a page costs the same however deep it is.
 */

interface CursorBody {
  /** Resource type. */
  t: string;
  /** Hash of the canonical query (without `_cursor`). */
  q: string;
  /** The last id of the previous page. */
  a: number;
}

const mac = (secret: string, data: string) =>
  createHmac('sha256', `zp-fhir-cursor:${secret}`).update(data).digest('base64url');

const queryHash = (canonical: string) =>
  createHash('sha256').update(canonical).digest('base64url').slice(0, 22);

export function signCursor(secret: string, type: string, canonical: string, after: number): string {
  const data = Buffer.from(JSON.stringify({ t: type, q: queryHash(canonical), a: after })).toString(
    'base64url',
  );
  return `${data}.${mac(secret, data)}`;
}

/** The id after which the page starts; a 400 for a cursor that is not ours or not this search's. */
export function readCursor(secret: string, type: string, canonical: string, cursor: string): number {
  const refuse = () => invalidParameter('_cursor', '_cursor is invalid or belongs to another search.');
  const [data, signature, ...rest] = cursor.split('.');
  if (!data || !signature || rest.length) throw refuse();
  const expected = Buffer.from(mac(secret, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse();
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw refuse();
  }
  if (body.t !== type || body.q !== queryHash(canonical) || !Number.isSafeInteger(body.a)) throw refuse();
  return body.a;
}
