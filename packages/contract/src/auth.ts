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

/**
 * The form of POST /oauth/token: the portal's own grants, and `client_credentials` for a system client
 * (system-clients.ts), whose `client_id` is its string id and may come in HTTP Basic instead of the form.
 */
export const tokenEndpointSchema = tokenRequestSchema.extend({
  grant_type: z.enum(['password', 'refresh_token', 'client_credentials']),
  client_id: z.union([nonNegativeInt32, text().max(100)]).optional(),
  /** client_credentials: the scopes asked for, space-separated (absent: every scope of the client). */
  scope: text().max(1000).optional(),
  /** client_credentials with private_key_jwt (RFC 7523 §2.2): the assertion's type and the signed JWT. */
  client_assertion_type: text().max(200).optional(),
  client_assertion: text().max(8000).optional(),
});
export type TokenEndpointRequest = z.infer<typeof tokenEndpointSchema>;

/** The answer to a client credentials grant (RFC 6749 §4.4.3): no refresh token, no account. */
export const clientCredentialsResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type ClientCredentialsResponse = z.infer<typeof clientCredentialsResponseSchema>;

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
