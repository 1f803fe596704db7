import { z } from 'zod';

/** GET /api/operations/backup-status: shown to the operator organisation's Beheerders only; times, never data. */
export const backupStatusSchema = z.object({ FailedAt: z.string().nullable() });
