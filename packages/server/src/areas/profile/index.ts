import type { FastifyInstance } from 'fastify';
import avatar from './routes/avatar.ts';
import getAccount from './routes/get-account.ts';
import ipAllowList from './routes/ip-allow-list.ts';
import profile from './routes/profile.ts';
import twoFactorSettings from './routes/two-factor-settings.ts';

/** The caller's own account (Profiel): GET /api/account, profile, avatar, 2FA settings, IP allow-list. */
export default async function profileArea(app: FastifyInstance): Promise<void> {
  await app.register(twoFactorSettings);
  await app.register(ipAllowList);
  await app.register(profile);
  await app.register(avatar);
  await app.register(getAccount);
}
