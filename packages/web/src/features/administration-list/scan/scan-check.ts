import { useMutation } from '@tanstack/react-query';
import { scanCheckAnswerSchema, type ScanCheckBody } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

/** POST /api/administration/scan-check: checks a scanned code against a moment (nothing is registered). */
export const scanCheck = (body: ScanCheckBody) =>
  api.post('/api/administration/scan-check', body, { schema: scanCheckAnswerSchema });

export const useScanCheck = () => useMutation({ mutationFn: scanCheck });
