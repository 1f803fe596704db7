import type { FastifyInstance } from 'fastify';
import avatar from './routes/avatar.ts';
import getAccount from './routes/get-account.ts';
import ipAllowList from './routes/ip-allow-list.ts';
import profile from './routes/profile.ts';

/**
 * The caller's own account (Profiel): GET /api/account, profile, avatar, IP allow-list. (Its 2FA settings are
 * the auth area's 2FA module: `auth/two-factor/routes/settings.ts`.)
 */
export default async function profileArea(app: FastifyInstance): Promise<void> {
  await app.register(ipAllowList);
  await app.register(profile);
  await app.register(avatar);
  await app.register(getAccount);
}
