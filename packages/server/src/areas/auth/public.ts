/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { hashPassword } from './password-hash.ts';
export { emailChangedMail, issueNotMeToken } from './not-me.ts';
export { assertStepUp } from './step-up.ts';
export { verifySecondProfessional } from './second-professional.ts';
export { REFRESH_RETRY_GRACE_MS } from './refresh-successor.ts';
