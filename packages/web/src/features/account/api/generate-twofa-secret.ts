import { useMutation } from '@tanstack/react-query';
import { twofaEnrolmentSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/account/2fa/generate: a new pending secret with its otpauth URL and QR code (a PNG data
 * URL made by the server, so the client needs no QR library). A mutation, not a query: every call
 * makes a new secret, which must never be served from a cache.
 */
export const generateTwofaSecret = () =>
  api.get('/api/account/2fa/generate', { schema: twofaEnrolmentSchema });

export const useGenerateTwofaSecret = () => useMutation({ mutationFn: generateTwofaSecret });
