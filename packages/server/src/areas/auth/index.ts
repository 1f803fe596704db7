// Tables other areas join (they are first, so they exist before any import cycle reaches them).
export { accountIpAllowList, totpEnrolments } from './schema.ts';
import type { FastifyInstance } from 'fastify';
import forgotPassword from './routes/forgot-password.ts';
import logout from './routes/logout.ts';
import notMe from './routes/not-me.ts';
import passwordChange from './routes/password-change.ts';
import resetForgottenPassword from './routes/reset-forgotten-password.ts';
import token from './routes/token.ts';
import twoFactor from './routes/two-factor.ts';

/** Authentication: the OAuth grants (password, refresh, 2FA login), password change and reset, logout, sessions. */
export default async function authArea(app: FastifyInstance): Promise<void> {
  await app.register(token);
  await app.register(twoFactor);
  await app.register(passwordChange);
  await app.register(forgotPassword);
  await app.register(resetForgottenPassword);
  await app.register(logout);
  await app.register(notMe);
}

// What other areas may use.
export { revokeAccountSessions } from './account-sessions.ts';
export { clearAccountIpEntries, listAccountIpEntries, toIpAllowEntry } from './account-ip-entries.ts';
export { assertNotLockedOut, attemptKeys, countFailure, countSuccess } from './attempt-guard.ts';
export { hashPassword } from './password-hash.ts';
export { issueResetToken } from './password-reset-mail.ts';
export { emailChangedMail, issueNotMeToken } from './not-me.ts';
export { assertStepUp, assertStepUpCode } from './step-up.ts';
export { RESET_TOKEN_TTL_MINUTES } from './reset-token.ts';
export { generateSecret, otpauthUrl, qrCodeDataUrl, verifyTotp } from './totp.ts';
export { checkAccountCode } from './totp-account.ts';
export { verifySecondProfessional } from './second-professional.ts';
export { REFRESH_RETRY_GRACE_MS } from './refresh-successor.ts';
