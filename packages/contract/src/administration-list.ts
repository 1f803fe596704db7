import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { registrationSchema } from './administration.ts';
import { DISTRIBUTION_FORMS, RISK_CATEGORIES } from './medication.ts';
import { idSchema as id } from './fields.ts';
import { doseWindowSchema } from './time-window.ts';

/** The toedienlijst — planned moments of one department and day, with their registrations. */

/** GET /api/administration/list: departmentId and date default to the caller's first department, today. */
export const administrationListQuerySchema = z.object({
  departmentId: id.optional(),
  date: isoDateSchema.optional(),
});

/** One planned moment (or one as-needed agreement, Time null) on the toedienlijst. */
export const plannedMomentSchema = z.object({
  /** Stable key for the client: `${AgreementId}@${ScheduledAt ?? 'prn'}`. */
  Key: z.string(),
  AgreementId: z.number().int(),
  PatientId: z.number().int(),
  PatientName: z.string(),
  /**
   * Version of the client's photo (a hash of it), for GET /api/administration/photo/{PatientId}?v=…;
   * null when the client has no photo (the card shows initials).
   */
  PhotoVersion: z.string().nullable().optional(),
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
  /**
   * The patient's Baxter roll for this day no longer matches the agreements at this moment: a gds
   * agreement was started, changed or stopped while the roll was running (tussentijdse wijziging).
   */
  InterimChange: z.boolean().optional(),
  /** The care centre's time window of a timed moment (null for as-needed); enforced at registration. */
  Window: doseWindowSchema.nullable(),
  /** Effective (not corrected) registrations: at most one for a timed moment, any number for as-needed. */
  Registrations: z.array(registrationSchema),
});
export type PlannedMoment = z.infer<typeof plannedMomentSchema>;

/**
 * The day at a glance, computed once on the server for the list header and the dashboards alike.
 * Each timed moment is in exactly one of Given, Deviations, AwaitingDoubleCheck or Open; Late is the
 * part of Open more than LATE_AFTER_MINUTES past its time. AwaitingDoubleCheck also counts the
 * as-needed registrations still waiting for their second signature.
 */
export const dayProgressSchema = z.object({
  /** Timed moments planned that day (as-needed not counted). */
  Planned: z.number().int(),
  Given: z.number().int(),
  /** Planned moments without an effective registration (including the late ones). */
  Open: z.number().int(),
  Late: z.number().int(),
  /** Timed moments whose registration says not given, refused or failed. */
  Deviations: z.number().int(),
  AwaitingDoubleCheck: z.number().int(),
  /** The round (HH:mm) nurses are at: the earliest time with an open moment that is due, else the next one. */
  CurrentRound: z.string().nullable(),
});
export type DayProgress = z.infer<typeof dayProgressSchema>;

/** A department's day: its planned moments and figures, the same for every caller. */
export const dayListSchema = z.object({
  DepartmentId: z.number().int(),
  DepartmentName: z.string(),
  Date: z.string(),
  /** Ordered by time (as-needed last), then room and patient. */
  Moments: z.array(plannedMomentSchema),
  Summary: dayProgressSchema,
});
export type DayList = z.infer<typeof dayListSchema>;

/** GET /api/administration/list: the day list, and whether the caller may register on it. */
export const administrationListSchema = dayListSchema.extend({
  /**
   * False for a reader who does not administer here (the supplying pharmacy's staff): the server refuses
   * their registrations, so the list shows no register buttons.
   */
  MayRegister: z.boolean(),
});
export type AdministrationList = z.infer<typeof administrationListSchema>;
