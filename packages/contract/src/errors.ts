import { z } from 'zod';

/** Error codes the API uses in `Code`. The first five are the spec's login catalogue (§8). */
export const ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'CANT_ACCESS_PRODUCT',
  '2FA_INVALID',
  'TOO_MANY_ATTEMPTS',
  'ERROR',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error body of every 4xx and 5xx response. `Fields` maps a field path to its message. */
export const apiErrorSchema = z
  .object({
    Code: z.string(),
    Message: z.string(),
    Fields: z.record(z.string(), z.string()).optional(),
  })
  .passthrough();
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Actions a 403 from /oauth/token may carry (spec §4, §8). */
export const LOGIN_ACTIONS = ['2fa_required', 'pwchange_required', 'ip_not_allowed', 'no_access'] as const;
export type LoginAction = (typeof LOGIN_ACTIONS)[number];

export type LoginOutcome =
  | { kind: 'step'; step: '2FA' | 'PASSWORD_CHANGE' }
  | {
      kind: 'error';
      code: 'INVALID_CREDENTIALS' | 'CANT_ACCESS_PRODUCT' | '2FA_INVALID' | 'TOO_MANY_ATTEMPTS' | 'ERROR';
    };

/** Maps a failed login response to the spec's error catalogue (§8). */
export function loginOutcome(status: number, action?: string | null): LoginOutcome {
  if (status === 403 || status === 500) {
    if (action === '2fa_required') return { kind: 'step', step: '2FA' };
    if (status === 403 && action === 'pwchange_required') return { kind: 'step', step: 'PASSWORD_CHANGE' };
    return { kind: 'error', code: status === 403 ? 'CANT_ACCESS_PRODUCT' : 'ERROR' };
  }
  if (status === 401) return { kind: 'error', code: 'INVALID_CREDENTIALS' };
  if (status === 422) return { kind: 'error', code: '2FA_INVALID' };
  if (status === 429) return { kind: 'error', code: 'TOO_MANY_ATTEMPTS' };
  return { kind: 'error', code: 'ERROR' };
}
