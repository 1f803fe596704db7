import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_ABSOLUTE_SECONDS } from '@zorgportaal/contract';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../../platform/db/client.ts';
import { randomToken, sha256Hex } from '../../../../platform/crypto.ts';
import * as t from '../../tables.ts';

export type SessionRow = typeof t.sessions.$inferSelect;
export type TokenRow = typeof t.tokens.$inferSelect;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export async function createSession(
  db: Db,
  input: { accountId: number; entityId: number; ip: string },
): Promise<SessionRow> {
  const [session] = await db
    .insert(t.sessions)
    .values({ id: randomUUID(), ...input })
    .returning();
  return session!;
}

/**
 * A new access + refresh token in a session (random unless given: the refresh grant derives them).
 * Only their SHA-256 hashes are stored.
 */
export async function issueTokenPair(
  db: Db | Tx,
  session: SessionRow,
  now = new Date(),
  tokens: { accessToken: string; refreshToken: string } = {
    accessToken: randomToken(),
    refreshToken: randomToken(),
  },
): Promise<TokenPair> {
  const { accessToken, refreshToken } = tokens;
  const absoluteEnd = session.createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000;
  await db.insert(t.tokens).values([
    {
      hash: sha256Hex(accessToken),
      sessionId: session.id,
      kind: 'access',
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    },
    {
      hash: sha256Hex(refreshToken),
      sessionId: session.id,
      kind: 'refresh',
      expiresAt: new Date(absoluteEnd),
    },
  ]);
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export async function findToken(db: Db, token: string, kind: TokenRow['kind']) {
  const [row] = await db
    .select({ token: t.tokens, session: t.sessions })
    .from(t.tokens)
    .innerJoin(t.sessions, eq(t.tokens.sessionId, t.sessions.id))
    .where(and(eq(t.tokens.hash, sha256Hex(token)), eq(t.tokens.kind, kind)))
    .limit(1);
  return row;
}

/**
 * Marks a refresh token used. The `used_at is null` condition makes this atomic: of two
 * concurrent refreshes with the same token only one wins; the other is treated as reuse.
 */
export async function markRefreshTokenUsed(db: Db | Tx, hash: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(t.tokens)
    .set({ usedAt: now })
    .where(and(eq(t.tokens.hash, hash), isNull(t.tokens.usedAt)))
    .returning({ hash: t.tokens.hash });
  return rows.length === 1;
}

/** Ends every access token of the session but `keepHash` (a refresh replaces the pair, old access token included). */
export async function expireOtherAccessTokens(
  db: Db | Tx,
  sessionId: string,
  keepHash: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(t.tokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(t.tokens.sessionId, sessionId),
        eq(t.tokens.kind, 'access'),
        ne(t.tokens.hash, keepHash),
        gt(t.tokens.expiresAt, now),
      ),
    );
}

export async function touchSession(db: Db | Tx, sessionId: string, now = new Date()): Promise<void> {
  await db.update(t.sessions).set({ lastSeenAt: now }).where(eq(t.sessions.id, sessionId));
}
