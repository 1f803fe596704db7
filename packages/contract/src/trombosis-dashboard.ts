import { z } from 'zod';
import {
  COUMARIN_NAMES,
  type Coumarin,
  coumarinMismatchSchema,
  INR_INTERPRETATIONS,
  targetBoundsSchema,
} from './trombosis.ts';

/** The trombosis service's overview and dashboard (its lists of clients), on top of trombosis.ts. */

/** One patient of the trombosis overview (GET /api/trombosis/patients). */
export const trombosisPatientSchema = z.object({
  Id: z.number().int(),
  ScreenName: z.string(),
  DateOfBirth: z.string().nullable(),
  EntityName: z.string(),
  DepartmentName: z.string(),
  TargetRange: targetBoundsSchema.nullable(),
  Drug: z.enum(COUMARIN_NAMES as [Coumarin, ...Coumarin[]]).nullable(),
  LastInr: z
    .object({ Value: z.number(), MeasuredAt: z.string(), Interpretation: z.enum(INR_INTERPRETATIONS) })
    .nullable(),
  NextCheck: z.string().nullable(),
  /** due: the check is today; overdue: the date passed without a new INR value; planned: later. */
  CheckStatus: z.enum(['due', 'overdue', 'planned']).nullable(),
});
export type TrombosisPatient = z.infer<typeof trombosisPatientSchema>;
export const trombosisPatientListSchema = z.object({
  Rows: z.array(trombosisPatientSchema),
  CanWrite: z.boolean(),
});
export type TrombosisPatientList = z.infer<typeof trombosisPatientListSchema>;

/** GET /api/trombosis/dashboard */
export const trombosisDashboardSchema = z.object({
  Today: z.string(),
  DueToday: z.array(trombosisPatientSchema),
  Overdue: z.array(trombosisPatientSchema),
  Critical: z.array(
    z.object({
      PatientId: z.number().int(),
      ScreenName: z.string(),
      EntityName: z.string(),
      Value: z.number(),
      MeasuredAt: z.string(),
    }),
  ),
  Ttr: z.object({
    Overall: z.number().nullable(),
    From: z.string(),
    Rows: z.array(z.object({ PatientId: z.number().int(), ScreenName: z.string(), Ttr: z.number() })),
  }),
  /** Patients whose dosage scheme and coumarin agreements disagree. */
  Mismatches: z.array(
    coumarinMismatchSchema.extend({
      PatientId: z.number().int(),
      ScreenName: z.string(),
      EntityName: z.string(),
    }),
  ),
});
export type TrombosisDashboard = z.infer<typeof trombosisDashboardSchema>;
