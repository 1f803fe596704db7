import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The user's own browser may keep an order list but must revalidate (patient data: no shared cache). */
export const REVALIDATE = 'private, no-cache';

/**
 * The ETag of an order list: the data version (listVersion), the account (a browser shared by two
 * people never revalidates one's copy for the other) and the query (filters and page).
 */
export function listEtag(version: string, accountId: number, query: unknown): string {
  const hash = createHash('sha256')
    .update(`${version}|${accountId}|${JSON.stringify(query)}`)
    .digest('base64url');
  return `"o${hash.slice(0, 26)}"`;
}

/** True when the request's If-None-Match names `etag`. */
export function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** 304: nothing built, nothing audited (nothing new was shown). */
export const notModified = (reply: FastifyReply, etag: string) =>
  reply.code(304).header('ETag', etag).header('Cache-Control', REVALIDATE).send();
