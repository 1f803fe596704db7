import { LATE_AFTER_MINUTES, type PlannedMoment } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import { signatureOf } from '../../platform/etag.ts';
import { instantOfText } from '../../platform/instant-text.ts';
import { ROUND_LEAD_MS } from './day-progress.ts';

export { notModified, REVALIDATE } from '../../platform/etag.ts';

/**
 * ETags for the day lists and dashboards. A list depends on its data (dayListVersion) and on the clock: an
 * open moment turns late LATE_AFTER_MINUTES after its time and the current round moves ROUND_LEAD_MS before it.
 * The tag carries the instant until which the clock leaves the answer unchanged (the next such turn), signed
 * with the data version and the account: any instance can tell "unchanged" from one query and the tag alone,
 * without having built the list itself (behind a proxy, a tablet's polls go to whichever instance is free).
 */
const LATE_MS = LATE_AFTER_MINUTES * 60_000;
/** signatureOf's length: the instant follows it in the tag. */
const HASH_LENGTH = 27;

/** Instants at which `moments` would read differently by the clock alone. */
export function clockTurns(moments: readonly PlannedMoment[]): number[] {
  const at = new Set<number>();
  for (const moment of moments) {
    if (moment.ScheduledAt === null) continue;
    const scheduled = instantOfText(moment.ScheduledAt).getTime();
    at.add(scheduled + LATE_MS);
    at.add(scheduled - ROUND_LEAD_MS);
  }
  return [...at].sort((a, b) => a - b);
}

/** The first turn from `now` on, or 0 when the clock changes nothing more (the version names the day). */
export const validUntil = (turns: readonly number[], now: Date): number =>
  turns.find((instant) => instant >= now.getTime()) ?? 0;

const signature = (secret: string, version: string, accountId: number, until: number) =>
  signatureOf(secret, `${version}|${accountId}|${until}`);

/**
 * The ETag of `version` for this account, valid until `until` (ms; 0: no end): the signature, then the instant
 * in base 36. The account is part of it, so a browser shared by two users never revalidates one's copy for the
 * other; the secret, so a client cannot stretch a tag's end.
 */
export const listTag = (secret: string, version: string, accountId: number, until: number): string =>
  `"${signature(secret, version, accountId, until)}${until.toString(36)}"`;

/** The request's If-None-Match tag when it is this account's tag of `version` and its end is still ahead. */
export function currentTag(
  request: FastifyRequest,
  secret: string,
  version: string,
  accountId: number,
  now: Date,
): string | null {
  const header = request.headers['if-none-match'];
  if (!header) return null;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    const body = /^"([\w-]+)"$/.exec(tag)?.[1];
    if (!body || body.length <= HASH_LENGTH) continue;
    const until = parseInt(body.slice(HASH_LENGTH), 36);
    if (!Number.isSafeInteger(until) || (until !== 0 && until <= now.getTime())) continue;
    if (tag === listTag(secret, version, accountId, until)) return tag;
  }
  return null;
}
