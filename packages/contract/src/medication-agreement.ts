import { z } from 'zod';
import { isCalendarDate, isCalendarDateTime } from './dates.ts';
import {
  AGREEMENT_STATUSES,
  AGREEMENT_TYPES,
  DISTRIBUTION_FORMS,
  instructionsSchema,
  medicationSchema,
  STOP_TYPES,
} from './medication.ts';
import { bodyId, boundedInt, idSchema as id, multilineText, text } from './fields.ts';

/** MP9 medicatieafspraak: create, change (ends the old one, starts a new one) and stop. */

/**
 * A plain date (YYYY-MM-DD, read in Europe/Amsterdam) or an ISO date-time with offset.
 * A plain Start date means 00:00 that day; a plain End date means through that day (up to 24:00).
 */
export const dateOrDateTimeSchema = z
  .string({ error: 'Vul een datum in.' })
  .refine(
    (v) => isCalendarDate(v) || isCalendarDateTime(v),
    'Vul een geldige datum (JJJJ-MM-DD) of datum en tijd in.',
  );

const agreementFields = {
  MedicationId: bodyId('Kies een geneesmiddel.'),
  Prescriber: text({ error: 'Vul de voorschrijver in.' }).trim().min(1, 'Vul de voorschrijver in.').max(100),
  Type: z.enum(AGREEMENT_TYPES),
  End: dateOrDateTimeSchema.nullable().optional().default(null),
  Reason: multilineText().trim().max(500).nullable().optional().default(null),
  Instructions: instructionsSchema,
  DistributionForm: z.enum(DISTRIBUTION_FORMS),
  SelfManaged: z.boolean().default(false),
};

const asNeededHasCriterion = (b: { Type: string; Instructions: { AsNeededCriterion: string | null } }) =>
  b.Type !== 'as_needed' || !!b.Instructions.AsNeededCriterion;
const asNeededMessage = {
  message: 'Vul bij zo nodig het criterium in.',
  path: ['Instructions', 'AsNeededCriterion'],
};

/** POST /api/medication/agreement. Start defaults to now. */
export const agreementCreateBodySchema = z
  .strictObject({
    PatientId: bodyId('Kies een cliënt.'),
    Start: dateOrDateTimeSchema.optional(),
    ...agreementFields,
  })
  .refine(asNeededHasCriterion, asNeededMessage);
export type AgreementCreateBody = z.infer<typeof agreementCreateBodySchema>;
export type AgreementCreateBodyInput = z.input<typeof agreementCreateBodySchema>;

/**
 * POST /api/medication/agreement/{id}/change: the old agreement ends at `Start` (default now) and a new
 * one with ReplacesId = id starts at the same instant, so history is kept and no moment is planned twice.
 */
export const agreementChangeBodySchema = z
  .strictObject({ Start: dateOrDateTimeSchema.optional(), ...agreementFields })
  .refine(asNeededHasCriterion, asNeededMessage);
export type AgreementChangeBody = z.infer<typeof agreementChangeBodySchema>;
export type AgreementChangeBodyInput = z.input<typeof agreementChangeBodySchema>;

/** POST /api/medication/agreement/{id}/stop. StopAt defaults to now. */
export const agreementStopBodySchema = z.strictObject({
  StopType: z.enum(STOP_TYPES, { error: 'Kies hoe de afspraak stopt.' }),
  Reason: multilineText({ error: 'Vul de reden in.' }).trim().min(1, 'Vul de reden in.').max(500),
  StopAt: dateOrDateTimeSchema.optional(),
});
export type AgreementStopBody = z.infer<typeof agreementStopBodySchema>;

export const agreementSchema = z.object({
  Id: z.number().int(),
  EntityId: z.number().int(),
  PatientId: z.number().int(),
  Medication: medicationSchema,
  Prescriber: z.string(),
  Type: z.enum(AGREEMENT_TYPES),
  /** ISO date-times (UTC); End is exclusive. */
  Start: z.string(),
  End: z.string().nullable(),
  StopType: z.enum(STOP_TYPES).nullable(),
  StopReason: z.string().nullable(),
  Reason: z.string().nullable(),
  Instructions: instructionsSchema,
  DistributionForm: z.enum(DISTRIBUTION_FORMS),
  SelfManaged: z.boolean(),
  ReplacesId: z.number().int().nullable(),
  ReplacedById: z.number().int().nullable(),
  Status: z.enum(AGREEMENT_STATUSES),
  DoubleCheckRequired: z.boolean(),
  CreatedAt: z.string(),
  CreatedBy: z.string().nullable(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/** GET /api/medication/patient/{patientId}/agreements: active, future and recently ended/stopped. */
export const agreementListQuerySchema = z.object({
  /** How far back ended and stopped agreements are listed (days). */
  stoppedDays: boundedInt(0, 3650).default(90),
});
export const agreementListSchema = z.object({ PatientId: z.number().int(), Rows: z.array(agreementSchema) });
export type AgreementList = z.infer<typeof agreementListSchema>;
export const agreementParamsSchema = z.object({ id });
export const patientParamsSchema = z.object({ patientId: id });
