import { z } from 'zod';

/**
 * The double check at the dose: the second professional confirms on the nurse's own device with their
 * own username and password (and their current TOTP code when they use 2FA). The server verifies them
 * inside the registration request, like a login but without creating a session for them.
 */
export const doubleCheckAtDoseSchema = z.strictObject({
  Username: z.string().trim().min(1, 'Vul de gebruikersnaam van uw collega in.').max(200),
  Password: z.string().min(1, 'Vul het wachtwoord van uw collega in.').max(200),
  /** Required only when the second professional has two-step verification on. */
  Totp: z.string().trim().max(10).nullable().optional(),
});
export type DoubleCheckAtDose = z.infer<typeof doubleCheckAtDoseSchema>;

/** The body paths of the fields the server names when it refuses the second professional. */
export const DOUBLE_CHECK_FIELDS = {
  username: 'DoubleCheck.Username',
  password: 'DoubleCheck.Password',
  totp: 'DoubleCheck.Totp',
} as const;
