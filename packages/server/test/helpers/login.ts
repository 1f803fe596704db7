import type { TokenResponse } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../src/seed/demo-data.ts';

/** The form the web client sends (spec §7), as form data. */
export function tokenForm(fields: Record<string, string | number>): string {
  return new URLSearchParams(
    Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
}

export function postToken(app: FastifyInstance, fields: Record<string, string | number>) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: tokenForm(fields),
  });
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<TokenResponse> {
  const res = await postToken(app, {
    grant_type: 'password',
    client_id: 1,
    product_id: 1,
    username,
    password,
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json<TokenResponse>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
