import { z } from 'zod';
import { accountSchema, permissionRefSchema } from './account.ts';

const formInt = z.coerce.number().int();

/**
 * The form of POST /oauth/token (spec §7). Fields arrive as form data strings.
 * client_secret is accepted but not checked: a browser app cannot keep a secret.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.enum(['password', 'refresh_token']),
  client_id: formInt,
  client_secret: z.string().optional(),
  product_id: formInt.optional(),
  username: z.string().max(200).optional(),
  password: z.string().max(1024).optional(),
  refresh_token: z.string().max(512).optional(),
  totp: z.string().max(10).optional(),
  account_id: formInt.optional(),
  twofa_uuid: z.string().max(64).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The login form's fields of a password grant (the limits of tokenRequestSchema, both required). */
export const passwordLoginFormSchema = z.object({
  username: z.string().trim().min(1, 'Vul uw gebruikersnaam in.').max(200),
  password: z.string().min(1, 'Vul uw wachtwoord in.').max(1024),
});
export type PasswordLoginForm = z.infer<typeof passwordLoginFormSchema>;

export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  Account: accountSchema,
  Permissions: z.array(permissionRefSchema),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Body of a refused login: the error body plus RFC 6749 fields and, for 403, the spec's Action. */
export const loginErrorSchema = z
  .object({
    Code: z.string(),
    Message: z.string(),
    error: z.string(),
    error_description: z.string(),
    Action: z.string().optional(),
    account_id: z.number().int().optional(),
  })
  .passthrough();
export type LoginError = z.infer<typeof loginErrorSchema>;
