import { z } from 'zod';
import { registrationSchema } from './administration.ts';
import { DISTRIBUTION_FORMS, RISK_CATEGORIES } from './medication.ts';
import { isCalendarDate } from './admin-fields.ts';
import { idSchema as id } from './fields.ts';

/** Issue 5: the toedienlijst — planned moments of one department and day, with their registrations. */

/** GET /api/administration/list: departmentId and date default to the caller's first department, today. */
export const administrationListQuerySchema = z.object({
  departmentId: id.optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Vul een datum in als JJJJ-MM-DD.')
    .refine(isCalendarDate, 'Vul een geldige datum in.')
    .optional(),
});
export type AdministrationListQuery = z.input<typeof administrationListQuerySchema>;

/** One planned moment (or one as-needed agreement, Time null) on the toedienlijst. */
export const plannedMomentSchema = z.object({
  /** Stable key for the client: `${AgreementId}@${ScheduledAt ?? 'prn'}`. */
  Key: z.string(),
  AgreementId: z.number().int(),
  PatientId: z.number().int(),
  PatientName: z.string(),
  Room: z.string().nullable(),
  MedicationId: z.number().int(),
  MedicationName: z.string(),
  ScheduledAt: z.string().nullable(),
  /** Local time (Europe/Amsterdam) HH:mm; null for as-needed. */
  Time: z.string().nullable(),
  Dose: z.number().nullable(),
  DoseUnit: z.string(),
  DistributionForm: z.enum(DISTRIBUTION_FORMS),
  SelfManaged: z.boolean(),
  AsNeeded: z.boolean(),
  AsNeededCriterion: z.string().nullable(),
  AsNeededMaxPerDay: z.number().int().nullable(),
  RiskCategories: z.array(z.enum(RISK_CATEGORIES)),
  DoubleCheckRequired: z.boolean(),
  ConsentMissing: z.boolean(),
  /** Open and more than LATE_AFTER_MINUTES past ScheduledAt (at the time of the request). */
  Late: z.boolean(),
  /** Effective (not corrected) registrations: at most one for a timed moment, any number for as-needed. */
  Registrations: z.array(registrationSchema),
});
export type PlannedMoment = z.infer<typeof plannedMomentSchema>;

export const administrationListSchema = z.object({
  DepartmentId: z.number().int(),
  DepartmentName: z.string(),
  Date: z.string(),
  /** Ordered by time (as-needed last), then room and patient. */
  Moments: z.array(plannedMomentSchema),
});
export type AdministrationList = z.infer<typeof administrationListSchema>;
