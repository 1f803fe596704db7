import type { FastifyInstance, InjectOptions } from 'fastify';
import { bearer, login } from './login.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The tests' one API client: logs in as a demo user and sends JSON with its bearer token, e.g.
 * `(await apiAs(t.app, 'beheerder')).put('/api/person/3', body)`, or `call(method, url, body)` when the method
 * is data. Each answers Fastify's inject response.
 */
export async function apiAs(app: FastifyInstance, username: string) {
  const { access_token, Account } = await login(app, username);
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(access_token),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
    put: (url: string, payload?: unknown) => call('PUT', url, payload),
    delete: (url: string, payload?: unknown) => call('DELETE', url, payload),
    token: access_token,
    account: Account,
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;
