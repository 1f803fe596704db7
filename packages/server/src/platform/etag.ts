import { createHash, createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional reads for list answers: an ETag per account, `If-None-Match` answered with 304.
 * The areas decide what a tag stands for (a data version, or the answer's own content).
 */

/** The private browser cache may keep the answer but must ask every time (patient data: no shared cache). */
export const REVALIDATE = 'private, no-cache';

/**
 * A strong ETag of `key` for this account. The account is part of the tag, so a browser shared by
 * two users never revalidates one's copy for the other.
 */
export function tagOf(key: string, accountId: number): string {
  const hash = createHash('sha256').update(`${key}|${accountId}`).digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/** A 27-character signature of `key` with the app's secret: for tags whose content a client must not forge. */
export const signatureOf = (secret: string, key: string): string =>
  createHmac('sha256', secret).update(key).digest('base64url').slice(0, 27);

/** True when the request's If-None-Match names `etag` (or is `*`). */
export function matches(request: FastifyRequest, etag: string | null): boolean {
  const header = request.headers['if-none-match'];
  if (!etag || !header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** 304 Not Modified: no body sent, nothing audited (nothing new was shown). */
export const notModified = (reply: FastifyReply, etag: string) =>
  reply.code(304).header('ETag', etag).header('Cache-Control', REVALIDATE).send();
