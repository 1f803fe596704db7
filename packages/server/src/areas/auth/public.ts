/** What other areas may use of this area (functions and types; tables are in its schema files). */
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
