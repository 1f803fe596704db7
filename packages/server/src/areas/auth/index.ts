import type { FastifyInstance } from 'fastify';
import { registerAuthPort } from '../../platform/access/auth-port.ts';
import {
  lookupCaller,
  lookupSession,
  revokeAccountSessions,
  touchSession,
} from './sessions/queries/index.ts';
import forgotPassword from './routes/forgot-password.ts';
import logout from './routes/logout.ts';
import notMe from './routes/not-me.ts';
import passwordChange from './routes/password-change.ts';
import resetForgottenPassword from './routes/reset-forgotten-password.ts';
import token from './routes/token.ts';
import twoFactor from './routes/two-factor.ts';

/** Authentication: the OAuth grants (password, refresh, 2FA login), password change and reset, logout, sessions. */
export default async function authArea(app: FastifyInstance): Promise<void> {
  // The platform's access hook and the areas below this one reach the sessions through this port.
  registerAuthPort({ lookupCaller, lookupSession, touchSession, revokeAccountSessions });
  await app.register(token);
  await app.register(twoFactor);
  await app.register(passwordChange);
  await app.register(forgotPassword);
  await app.register(resetForgottenPassword);
  await app.register(logout);
  await app.register(notMe);
}
