import type { TokenResponse } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sha256Hex } from '../../src/platform/crypto.ts';
import * as s from '../../src/schema.ts';
import { postToken } from './login.ts';
import type { TestApp } from './test-app.ts';
import { REFRESH_RETRY_GRACE_MS } from '../../src/areas/auth/public.ts';

/** Seconds that put a first use just past the retry window. */
export const PAST_RETRY_WINDOW_S = REFRESH_RETRY_GRACE_MS / 1000 + 1;

/** The web client's refresh grant. */
export const refreshWith = (app: FastifyInstance, refreshToken: string) =>
  postToken(app, { grant_type: 'refresh_token', client_id: 1, product_id: 0, refresh_token: refreshToken });

export async function refreshed(app: FastifyInstance, refreshToken: string): Promise<TokenResponse> {
  const res = await refreshWith(app, refreshToken);
  if (res.statusCode !== 200) throw new Error(`refresh failed: ${res.statusCode} ${res.body}`);
  return res.json<TokenResponse>();
}

/**
 * Moves a used refresh token's first use `seconds` into the past, as if that much time had gone by
 * (the retry window is REFRESH_RETRY_GRACE_MS).
 */
export async function backdateRefreshUse(t: TestApp, refreshToken: string, seconds: number): Promise<void> {
  await t.db
    .update(s.tokens)
    .set({ usedAt: sql`${s.tokens.usedAt} - make_interval(secs => ${seconds})` })
    .where(eq(s.tokens.hash, sha256Hex(refreshToken)));
}
