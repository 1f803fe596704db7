import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIpAllowed } from './ip-allow-list.ts';
import { authPort } from './auth-port.ts';
import type { Caller } from './caller.ts';
import { loginStepRequired } from '../errors.ts';
import { isSystemClientRoute } from './system-client-port.ts';

/** The bearer token of the Authorization header, or null (tokens are 43 characters; 128 bounds the hashing). */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S{1,128})$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

const pendingTouch = new WeakMap<FastifyRequest, string>();

/**
 * Resolves an access token to its caller through the caller cache, or null when it is unknown,
 * expired, of a revoked or idle session or of an account that may no longer log in. A caller whose
 * IP allow-list does not contain the request's address is refused with 403 `ip_not_allowed` (the
 * spec's CANT_ACCESS_PRODUCT), on every request and not only at login. A system client's token counts
 * only on the FHIR endpoint: anywhere else (every /api route, the bearer-optional routes) it is unknown.
 */
export async function callerForAccessToken(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<Caller | null> {
  const resolved = await app.callerCache.resolve(token);
  if (!resolved) return null;
  if (resolved.caller.system && !isSystemClientRoute(request.routeOptions.url)) return null;
  if (!isIpAllowed(request.ip, resolved.allowList)) throw loginStepRequired('ip_not_allowed');
  if (resolved.touchSessionId) pendingTouch.set(request, resolved.touchSessionId);
  return resolved.caller;
}

/** The once-a-minute last_seen_at write, after the response so the caller does not wait for it. */
export async function touchAfterResponse(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const sessionId = pendingTouch.get(request);
  if (!sessionId) return;
  pendingTouch.delete(request);
  try {
    await authPort().touchSession(app.db, sessionId);
  } catch (err) {
    // A missed touch costs at most a minute of idle time; the next one is due a minute later.
    request.log.warn({ err: (err as Error).message }, 'session touch failed');
  }
}
