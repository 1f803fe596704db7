import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { bodyId, idSchema, multilineText, text } from './fields.ts';

/** VP (Voorschrijversportaal): the prescriber's dashboard and Terugblikken (domain.md). */

/** GET /api/vp/dashboard: one row per client of the prescriber with something open. */
export const vpPatientRowSchema = z.object({
  PatientId: z.number().int(),
  PatientName: z.string(),
  DepartmentName: z.string(),
  /** Active or future agreements without the prescriber's authorised signature. */
  AwaitingSignature: z.number().int(),
  /** Registrations of the last 7 days that were not "given" (refused, not given, partial…). */
  Deviations: z.number().int(),
  /** Critical INR values of the last 7 days. */
  InrAlerts: z.number().int(),
  /** No informed consent recorded (eTDR). */
  ConsentMissing: z.boolean(),
  /** Threads about this client with a message the caller has not read. */
  UnreadMessages: z.number().int(),
  /** The next medication review date has passed (or is today); null without a planned review. */
  ReviewDue: z.string().nullable(),
});
export const vpDashboardSchema = z.object({
  Rows: z.array(vpPatientRowSchema),
  /** Clients in the prescriber's scope (also those without open items). */
  PatientCount: z.number().int(),
});
export type VpDashboard = z.infer<typeof vpDashboardSchema>;

export const REVIEW_TEXT_MAX = 4000;

/** POST /api/vp/reviews: a periodic medication review (medicatiebeoordeling). */
export const medicationReviewBodySchema = z
  .strictObject({
    PatientId: bodyId('Kies een cliënt.'),
    ReviewedOn: isoDateSchema,
    Prescriber: text({ error: 'Vul de voorschrijver in.' })
      .trim()
      .min(1, 'Vul de voorschrijver in.')
      .max(100),
    Pharmacist: text().trim().max(100).nullable().optional().default(null),
    Nurse: text().trim().max(100).nullable().optional().default(null),
    Findings: multilineText({ error: 'Vul de bevindingen in.' })
      .trim()
      .min(1, 'Vul de bevindingen in.')
      .max(REVIEW_TEXT_MAX),
    AgreedChanges: multilineText().trim().max(REVIEW_TEXT_MAX).nullable().optional().default(null),
    NextReviewOn: isoDateSchema.nullable().optional().default(null),
  })
  .refine((b) => b.NextReviewOn === null || b.NextReviewOn > b.ReviewedOn, {
    message: 'De volgende beoordeling moet na deze beoordeling liggen.',
    path: ['NextReviewOn'],
  });
export type MedicationReviewBody = z.infer<typeof medicationReviewBodySchema>;

export const medicationReviewSchema = z.object({
  Id: z.number().int(),
  PatientId: z.number().int(),
  ReviewedOn: z.string(),
  Prescriber: z.string(),
  Pharmacist: z.string().nullable(),
  Nurse: z.string().nullable(),
  Findings: z.string(),
  AgreedChanges: z.string().nullable(),
  NextReviewOn: z.string().nullable(),
  RecordedBy: z.string().nullable(),
  RecordedAt: z.string(),
});
export type MedicationReview = z.infer<typeof medicationReviewSchema>;

export const HISTORY_EVENT_KINDS = ['started', 'changed', 'stopped', 'ended', 'review'] as const;

/** One line of Terugblikken: an agreement event or a review. */
export const historyEventSchema = z.object({
  Kind: z.enum(HISTORY_EVENT_KINDS),
  /** ISO date-time (agreements) or date (reviews). */
  At: z.string(),
  /** The product, or null for a review. */
  Medication: z.string().nullable(),
  /** Reason, stop reason or the review's findings. */
  Text: z.string().nullable(),
  By: z.string().nullable(),
  AgreementId: z.number().int().nullable(),
  ReviewId: z.number().int().nullable(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const vpHistorySchema = z.object({
  PatientId: z.number().int(),
  PatientName: z.string(),
  Events: z.array(historyEventSchema),
  Reviews: z.array(medicationReviewSchema),
});
export type VpHistory = z.infer<typeof vpHistorySchema>;
export const vpHistoryParamsSchema = z.object({ patientId: idSchema });

/** GET /api/vp/reviews/due: the clients whose next review is due within the window. */
export const reviewDueRowSchema = z.object({
  PatientId: z.number().int(),
  PatientName: z.string(),
  NextReviewOn: z.string(),
  LastReviewedOn: z.string(),
});
export const reviewDueListSchema = z.object({ Rows: z.array(reviewDueRowSchema) });
export type ReviewDueList = z.infer<typeof reviewDueListSchema>;
