import type { TokenResponse } from '@zorgportaal/contract';
import { ApiRequestError } from './api-errors.ts';
import { readBody, send, type SendOptions } from './http.ts';
import { tokenForm } from './oauth-form.ts';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  isAccessTokenExpired,
  storeTokens,
} from './session.ts';

export interface RequestOptions<T> extends SendOptions {
  /** Send the access token (default true). The OAuth calls set false. */
  auth?: boolean;
  /** Renew the token when expired or on a 401 (default true). The logout call sets false: no renewal loop. */
  renew?: boolean;
  /**
   * Renew and retry on a 401 (default true). False for a call whose 401 means "wrong current
   * password", not "expired token": a retry would only count a second failed attempt.
   */
  retryUnauthorized?: boolean;
  /** Read an OK response as a Blob (file downloads) instead of JSON or text. */
  blob?: boolean;
  /** Optional parser (e.g. a zod schema from the contract) applied to the response body. */
  schema?: { parse: (data: unknown) => T };
}

let onSessionEnded: () => void = () => window.location.assign('/login');

/** The app registers a router navigation here; the default reloads on /login. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** A failed renewal logs the user out (spec §4): clear session storage and go to /login. */
export function endSession(): void {
  clearSession();
  // The lists kept for offline use go with the session (loaded only here, not on /login's path).
  void import('./offline/list-cache.ts').then((m) => m.clearCachedLists()).catch(() => undefined);
  onSessionEnded();
}

let renewal: Promise<string> | null = null;

/** Renews the access token with the refresh token. Concurrent callers share ONE request in flight. */
export function renewAccessToken(): Promise<string> {
  renewal ??= performRenewal().finally(() => {
    renewal = null;
  });
  return renewal;
}

async function performRenewal(): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    endSession();
    throw new ApiRequestError(401, { Code: 'UNAUTHORIZED', Message: 'No refresh token' });
  }
  // A network failure while renewing is thrown as such and keeps the session, so a flaky
  // connection does not log the user out; a refusal by the server does log out.
  const response = await send('/oauth/token', {
    method: 'POST',
    form: tokenForm({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  const body = (await readBody(response)) as Partial<TokenResponse> | undefined;
  // The session ended (a logout, the inactivity logout) or changed while the renewal was on its way:
  // its answer must not bring the old session back into storage.
  if (getRefreshToken() !== refreshToken) {
    throw new ApiRequestError(401, { Code: 'UNAUTHORIZED', Message: 'Session ended during renewal' });
  }
  if (!response.ok || typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string') {
    endSession();
    throw new ApiRequestError(response.ok ? 401 : response.status, body);
  }
  storeTokens({
    ...body,
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    expires_in: body.expires_in ?? 0,
  });
  return body.access_token;
}

async function sendAuthorised(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const mayRenew = options.renew !== false;
  let token = getAccessToken();
  if (mayRenew && token && isAccessTokenExpired()) token = await renewAccessToken();
  const response = await send(path, options, token);
  if (response.status !== 401 || !mayRenew || options.retryUnauthorized === false || !token) return response;
  // Another request may already have renewed while this one was in flight: reuse its token
  // instead of spending the (rotating) refresh token a second time.
  const current = getAccessToken();
  const retryToken = current && current !== token ? current : await renewAccessToken();
  return send(path, options, retryToken);
}

/** The one API client. Throws ApiRequestError on a non-OK status, RequestFailedError on network failure/abort. */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = options.auth === false ? await send(path, options) : await sendAuthorised(path, options);
  if (response.ok && options.blob) return (await response.blob()) as T;
  const body = await readBody(response);
  if (!response.ok) throw new ApiRequestError(response.status, body);
  return options.schema ? options.schema.parse(body) : (body as T);
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'json'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, json?: unknown, options?: Options<T>) =>
    request<T>(path, { ...options, json, method: 'POST' }),
  put: <T = unknown>(path: string, json?: unknown, options?: Options<T>) =>
    request<T>(path, { ...options, json, method: 'PUT' }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
