import { z } from 'zod';
import { boundedInt, multilineText, text } from './fields.ts';

/** The medication catalogue and MP9 medication agreements (domain.md "Medication (MP9)"). */

/** Products in these categories need a double check by a second, different user at administration. */
export const RISK_CATEGORIES = ['opiaat', 'coumarine', 'insuline', 'injectie', 'cytostaticum'] as const;

/** A product with one of the risk categories needs a second, different user at administration (domain.md). */
export const isRiskProduct = (categories: readonly string[]): boolean =>
  categories.some((c) => (RISK_CATEGORIES as readonly string[]).includes(c));
export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export const DIVISIBILITY = ['none', 'half', 'quarter'] as const;

export const medicationSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Substance: z.string(),
  Atc: z.string(),
  Hpk: z.string().nullable(),
  Strength: z.object({ Value: z.number(), Unit: z.string() }),
  Form: z.string(),
  Route: z.string(),
  RiskCategories: z.array(z.enum(RISK_CATEGORIES)),
  GdsSuitable: z.boolean(),
  Divisible: z.enum(DIVISIBILITY),
});
export type Medication = z.infer<typeof medicationSchema>;

/** GET /api/medication/catalogue?q=: searches name, substance and ATC code. */
export const medicationSearchQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  limit: boundedInt(1, 100).default(25),
});
export type MedicationSearchQuery = z.input<typeof medicationSearchQuerySchema>;
export const medicationListSchema = z.object({ Rows: z.array(medicationSchema) });
export type MedicationList = z.infer<typeof medicationListSchema>;

export const AGREEMENT_TYPES = ['continuous', 'temporary', 'as_needed', 'scheme'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];
export const STOP_TYPES = ['stopped', 'paused', 'cancelled'] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const DISTRIBUTION_FORMS = ['gds', 'loose'] as const;
export type DistributionForm = (typeof DISTRIBUTION_FORMS)[number];
/** Derived: future (Start later), active, ended (End passed), stopped (StopType set). */
export const AGREEMENT_STATUSES = ['future', 'active', 'ended', 'stopped'] as const;

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const weekdaySchema = z.number().int().min(1).max(7);

export const instructionMomentSchema = z.strictObject({
  Time: text().regex(HH_MM, 'Vul een tijd in als UU:MM.'),
  Dose: z.number().positive('De dosis moet groter dan 0 zijn.').max(1000),
});

/**
 * Dosing instructions (MP9 gebruiksinstructie). Moments are times of day with a dose each; Weekdays
 * empty = every day. As-needed medication has no moments but a criterion and a maximum per day.
 */
export const instructionsSchema = z
  .strictObject({
    DoseUnit: text().trim().min(1, 'Vul de eenheid in.').max(30),
    Moments: z.array(instructionMomentSchema).max(24).default([]),
    Weekdays: z.array(weekdaySchema).max(7).default([]),
    AsNeededCriterion: text().trim().max(200).nullable().default(null),
    AsNeededMaxPerDay: z.number().int().min(1).max(24).nullable().default(null),
    AsNeededDose: z.number().positive().max(1000).nullable().default(null),
    Note: multilineText().trim().max(500).nullable().default(null),
  })
  .refine((i) => new Set(i.Moments.map((m) => m.Time)).size === i.Moments.length, {
    message: 'Elke tijd mag maar één keer voorkomen.',
    path: ['Moments'],
  })
  .refine((i) => i.Moments.length > 0 || i.AsNeededCriterion, {
    message: 'Vul tijden in, of een criterium voor zo nodig.',
    path: ['Moments'],
  });
export type Instructions = z.infer<typeof instructionsSchema>;
export type InstructionsInput = z.input<typeof instructionsSchema>;
