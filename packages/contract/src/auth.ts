import { z } from 'zod';
import { accountSchema, permissionRefSchema } from './account.ts';
import { idSchema, nonNegativeInt32, text } from './fields.ts';

/**
 * The form of POST /oauth/token (spec §7). Fields arrive as form data strings.
 * client_secret is accepted but not checked: a browser app cannot keep a secret.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.enum(['password', 'refresh_token']),
  client_id: nonNegativeInt32,
  client_secret: text().max(1024).optional(),
  product_id: nonNegativeInt32.optional(),
  username: text().max(200).optional(),
  password: text().max(1024).optional(),
  refresh_token: text().max(512).optional(),
  totp: text().max(10).optional(),
  account_id: idSchema.optional(),
  twofa_uuid: text().max(64).optional(),
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
