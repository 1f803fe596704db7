import type { FastifyInstance } from 'fastify';
import { registerAuthPort } from '../../platform/access/auth-port.ts';
import {
  liveCallers,
  lookupCaller,
  lookupSession,
  revokeAccountSessions,
  touchSession,
} from './sessions/queries/index.ts';
import { sendSetPasswordMail } from './set-password-mail.ts';
import forgotPassword from './routes/forgot-password.ts';
import logout from './routes/logout.ts';
import notMe from './routes/not-me.ts';
import passwordChange from './routes/password-change.ts';
import resetForgottenPassword from './routes/reset-forgotten-password.ts';
import token from './routes/token.ts';
import twoFactorAdminReset from './two-factor/routes/admin-reset.ts';
import twoFactorLogin from './two-factor/routes/login.ts';
import twoFactorSettings from './two-factor/routes/settings.ts';

/**
 * Authentication: the OAuth grants (password, refresh), 2FA (`two-factor/`: the login step, the settings and
 * an administrator's reset), password change and reset, "dit was ik niet", logout, and the sessions
 * (`sessions/`: tokens, the caller lookups, revocation).
 */
export default async function authArea(app: FastifyInstance): Promise<void> {
  // The platform's access hook and the areas below this one reach sessions and password links through this port.
  registerAuthPort({
    lookupCaller,
    liveCallers,
    lookupSession,
    touchSession,
    revokeAccountSessions,
    sendSetPasswordMail,
  });
  await app.register(token);
  await app.register(twoFactorLogin);
  await app.register(twoFactorSettings);
  await app.register(twoFactorAdminReset);
  await app.register(passwordChange);
  await app.register(forgotPassword);
  await app.register(resetForgottenPassword);
  await app.register(logout);
  await app.register(notMe);
}
