import { createHash } from 'node:crypto';

/**
 * The ETag of an order list: the data version (listVersion), the account (a browser shared by two
 * people never revalidates one's copy for the other) and the query (filters and page). Matching and
 * the 304 are the platform's (platform/etag.ts).
 */
export function listEtag(version: string, accountId: number, query: unknown): string {
  const input = `${version}|${accountId}|${JSON.stringify(query)}`;
  const hash = createHash('sha256').update(input).digest('base64url');
  return `"o${hash.slice(0, 26)}"`;
}
