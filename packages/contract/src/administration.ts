import { z } from 'zod';
import { isCalendarDateTime } from './dates.ts';
import { bodyIdSchema, idSchema as id, multilineText } from './fields.ts';
import { doubleCheckAtDoseSchema } from './administration-double-check.ts';
import { TIMING_REASONS } from './time-window.ts';

/** Administration registration (eTDR, FHIR MedicationAdministration; domain.md). */

export const ADMINISTRATION_STATUSES = [
  'given',
  'partial',
  'not_given',
  'refused',
  'failed',
  'cancelled',
] as const;
export type AdministrationStatus = (typeof ADMINISTRATION_STATUSES)[number];
/** Statuses that count as a dose taken (spec colour "administration success"); the rest are deviations. */
export const SUCCESS_STATUSES: readonly AdministrationStatus[] = ['given'];

/** Nictiz reasons for a deviation; the Dutch labels live in the web's locale files (deviationReason.<code>). */
export const DEVIATION_REASONS = [
  'forgotten',
  'refused',
  'spat_out',
  'patient_absent',
  'not_available',
  'not_possible_as_prescribed',
  'agreement_stopped',
  'wrong_registration',
  'other',
] as const;
export type DeviationReason = (typeof DEVIATION_REASONS)[number];

/** A dose is late when it is still open, or was given, more than this after its planned time. */
export const LATE_AFTER_MINUTES = 60;
/** Tablet clocks drift: an AdministeredAt up to this far ahead of the server is not "in the future". */
export const FUTURE_TOLERANCE_MS = 60_000;
/**
 * An AdministeredAt (the time of the tap, which an offline registration carries) older than this is
 * refused (422). It covers yesterday's list and a tablet offline over a weekend, and stays below the
 * Idempotency-Key retention: a resent registration is refused before its key could be forgotten.
 */
export const ADMINISTERED_AT_MAX_AGE_HOURS = 72;

const isoDateTime = z.string().refine(isCalendarDateTime, 'Vul een geldige datum en tijd in.');

/**
 * POST /api/administration/registration. ScheduledAt is the planned moment (null for as-needed).
 * A second registration of the same moment needs CorrectsId = the registration it corrects.
 */
export const registrationBodySchema = z
  .strictObject({
    AgreementId: bodyIdSchema,
    ScheduledAt: isoDateTime.nullable().default(null),
    Status: z.enum(ADMINISTRATION_STATUSES, { error: 'Kies een status.' }),
    /** Default now for given / partial; may be empty when nothing was administered. */
    AdministeredAt: isoDateTime.nullable().optional(),
    AdministeredQty: z.number().min(0).max(1000).nullable().optional(),
    DeviationReason: z.enum(DEVIATION_REASONS).nullable().optional().default(null),
    DeviationText: multilineText().trim().max(500).nullable().optional().default(null),
    Note: multilineText().trim().max(500).nullable().optional().default(null),
    CorrectsId: bodyIdSchema.nullable().optional().default(null),
    /** A risk dose double-checked at the bedside: the second professional's credentials (never stored). */
    DoubleCheck: doubleCheckAtDoseSchema.optional(),
    /** Given just outside the dose's time window: why (time-window.ts); stored only when outside. */
    TimingReason: z.enum(TIMING_REASONS).nullable().optional().default(null),
  })
  .refine((b) => !b.AdministeredAt || Date.parse(b.AdministeredAt) <= Date.now() + FUTURE_TOLERANCE_MS, {
    message: 'Het toedientijdstip mag niet in de toekomst liggen.',
    path: ['AdministeredAt'],
  })
  .refine((b) => b.Status === 'given' || b.DeviationReason, {
    message: 'Kies een reden voor de afwijking.',
    path: ['DeviationReason'],
  })
  .refine((b) => b.DeviationReason !== 'other' || b.DeviationText, {
    message: 'Licht de reden toe.',
    path: ['DeviationText'],
  });
export type RegistrationBody = z.infer<typeof registrationBodySchema>;
export type RegistrationBodyInput = z.input<typeof registrationBodySchema>;

/** POST /api/administration/registration/{id}/doublecheck: the caller is the second user. */
export const doubleCheckBodySchema = z.strictObject({
  Note: multilineText().trim().max(500).nullable().optional(),
});
export type DoubleCheckBody = z.infer<typeof doubleCheckBodySchema>;
export const registrationParamsSchema = z.object({ id });

const userRef = z.object({ Id: z.number().int(), Username: z.string(), ScreenName: z.string().nullable() });

export const registrationSchema = z.object({
  Id: z.number().int(),
  EntityId: z.number().int(),
  PatientId: z.number().int(),
  AgreementId: z.number().int(),
  ScheduledAt: z.string().nullable(),
  ScheduledQty: z.number().nullable(),
  AdministeredAt: z.string().nullable(),
  AdministeredQty: z.number().nullable(),
  Status: z.enum(ADMINISTRATION_STATUSES),
  DeviationReason: z.enum(DEVIATION_REASONS).nullable(),
  DeviationText: z.string().nullable(),
  DoubleCheckRequired: z.boolean(),
  /** True while a risk-category registration waits for its second user: not yet complete. */
  AwaitingDoubleCheck: z.boolean(),
  DoubleCheckBy: userRef.nullable(),
  DoubleCheckAt: z.string().nullable(),
  RecordedBy: userRef,
  RecordedAt: z.string(),
  Note: z.string().nullable(),
  CorrectsId: z.number().int().nullable(),
  /** Set when a later registration corrects this one; a corrected registration no longer counts. */
  CorrectedById: z.number().int().nullable(),
  Late: z.boolean(),
  /** Set when the dose was given outside its time window ("eerder gegeven", "later gegeven"). */
  TimingReason: z.enum(TIMING_REASONS).nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

/**
 * The 409 of a registration. `Existing` is set when the moment already has a registration (a colleague's,
 * made meanwhile): the effective one, so the nurse keeps it or registers a correction of it (CorrectsId).
 */
export const registrationConflictSchema = z.object({
  Code: z.string(),
  Message: z.string(),
  Fields: z.record(z.string(), z.string()).optional(),
  Existing: registrationSchema.optional(),
});
export type RegistrationConflict = z.infer<typeof registrationConflictSchema>;
