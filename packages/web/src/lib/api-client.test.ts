import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { jsonResponse } from '../test/render.tsx';
import { api, setSessionEndedHandler } from './api-client.ts';
import { ApiRequestError, RequestFailedError } from './api-errors.ts';

const TOKEN_URL = '/oauth/token';

function logIn({ expired = false } = {}) {
  sessionStorage.setItem(SESSION_KEYS.accessToken, 'old-access');
  sessionStorage.setItem(SESSION_KEYS.refreshToken, 'old-refresh');
  sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + (expired ? -1000 : 60_000)));
  sessionStorage.setItem(SESSION_KEYS.entityType, 'pharmacy');
}

const renewed = {
  token_type: 'Bearer',
  access_token: 'new-access',
  refresh_token: 'new-refresh',
  expires_in: 900,
};

/** A fake server: the token endpoint renews (or refuses); other calls accept only `validToken`. */
function fakeServer({ renewStatus = 200, validToken = 'new-access' } = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === TOKEN_URL) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return renewStatus === 200
        ? jsonResponse(200, renewed)
        : jsonResponse(renewStatus, { Code: 'INVALID_CREDENTIALS', Message: 'no' });
    }
    const auth = new Headers(init.headers).get('Authorization');
    return auth === `Bearer ${validToken}`
      ? jsonResponse(200, { ok: true })
      : jsonResponse(401, { Code: 'UNAUTHORIZED', Message: 'no' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const tokenCalls = () => fetchMock.mock.calls.filter(([url]) => url === TOKEN_URL);
  return { fetchMock, tokenCalls };
}

describe('api client token life cycle (spec §4)', () => {
  const sessionEnded = vi.fn();
  beforeEach(() => {
    sessionEnded.mockReset();
    setSessionEndedHandler(sessionEnded);
  });

  it('renews an expired token before the request, with the refresh form (product id 0)', async () => {
    logIn({ expired: true });
    const { fetchMock, tokenCalls } = fakeServer();
    await expect(api.get('/api/management/settings')).resolves.toEqual({ ok: true });
    expect(tokenCalls()).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(TOKEN_URL);
    const form = new URLSearchParams(String(tokenCalls()[0]?.[1].body));
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh',
      client_id: '1',
      product_id: '0',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBe('new-access');
    expect(Number(sessionStorage.getItem(SESSION_KEYS.expiresAt))).toBeGreaterThan(Date.now() + 800_000);
  });

  it('on a 401 renews once and retries once', async () => {
    logIn();
    const { fetchMock, tokenCalls } = fakeServer();
    await expect(api.get('/api/personinfo')).resolves.toEqual({ ok: true });
    expect(tokenCalls()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry a second time when the retry is refused as well', async () => {
    logIn();
    const { fetchMock, tokenCalls } = fakeServer({ validToken: 'nobody' });
    await expect(api.get('/api/personinfo')).rejects.toMatchObject({ status: 401 });
    expect(tokenCalls()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('lets two concurrent 401s share ONE renewal', async () => {
    logIn();
    const { tokenCalls } = fakeServer();
    const results = await Promise.all([api.get('/api/personinfo'), api.get('/api/accounts/')]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(tokenCalls()).toHaveLength(1);
  });

  it('clears the session and goes to /login when the renewal fails', async () => {
    logIn({ expired: true });
    fakeServer({ renewStatus: 401 });
    await expect(api.get('/api/personinfo')).rejects.toBeInstanceOf(ApiRequestError);
    expect(sessionStorage.length).toBe(0);
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('keeps a session ended during a renewal ended: the late answer stores nothing', async () => {
    logIn({ expired: true });
    fakeServer();
    const pending = api.get('/api/personinfo');
    // The inactivity logout clears the session while the renewal is on its way.
    sessionStorage.clear();
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(sessionStorage.length).toBe(0);
  });

  it('never renews for the logout call, expired or refused', async () => {
    logIn({ expired: true });
    const { fetchMock, tokenCalls } = fakeServer({ validToken: 'nobody' });
    await expect(api.post('/api/account/logout', undefined, { renew: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(tokenCalls()).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1].headers).get('Authorization')).toBe('Bearer old-access');
  });

  it('maps network failures and aborts to the generic errors', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/x', { auth: false })).rejects.toMatchObject({ kind: 'network' });
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(api.get('/api/x', { auth: false, signal: controller.signal })).rejects.toBeInstanceOf(
      RequestFailedError,
    );
    await expect(api.get('/api/x', { auth: false, signal: controller.signal })).rejects.toMatchObject({
      kind: 'aborted',
    });
  });

  it('reads JSON only when the content type says so and throws the body of a non-OK response', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(new Response('plain', { status: 200, headers: { 'Content-Type': 'text/plain' } })),
    );
    await expect(api.get('/api/x', { auth: false })).resolves.toBe('plain');
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(422, { Code: 'VALIDATION_FAILED', Message: 'bad', Fields: { a: 'b' } }),
        ),
    );
    await expect(api.get('/api/x', { auth: false })).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
    });
  });
});
