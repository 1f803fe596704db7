import { z } from 'zod';
import { isCalendarDateTime, isoDateSchema } from './dates.ts';
import { multilineText } from './fields.ts';
import { agreementListSchema } from './medication-agreement.ts';

/**
 * The trombosis service (domain.md "Trombosis service (FNT guidelines)"): INR values against a
 * patient's target range, and dosage schemes (doseerschema / doseerkalender) of a coumarin.
 * Every rule both sides need (interpretation, tablet steps, the default next check) lives here.
 */

export const INR_MIN = 0.8;
export const INR_MAX = 15;
/** Critical: at or above 6.0, or below 1.5 (domain.md). */
export const INR_CRITICAL_HIGH = 6;
export const INR_CRITICAL_LOW = 1.5;

export const INR_METHODS = ['venous', 'fingerprick', 'selftest'] as const;
export type InrMethod = (typeof INR_METHODS)[number];

export const INR_INTERPRETATIONS = ['below', 'in', 'above', 'critical'] as const;
export type InrInterpretation = (typeof INR_INTERPRETATIONS)[number];

/** Intensity groups of the FNT: group 1 2.0–3.0, group 2 2.5–3.5, or a custom range. */
export const TARGET_GROUPS = ['group1', 'group2', 'custom'] as const;
export type TargetGroup = (typeof TARGET_GROUPS)[number];
export const TARGET_GROUP_RANGES: Record<Exclude<TargetGroup, 'custom'>, { Low: number; High: number }> = {
  group1: { Low: 2, High: 3 },
  group2: { Low: 2.5, High: 3.5 },
};

/**
 * The coumarins the service doses. Acenocoumarol 1 mg in whole or half tablets, fenprocoumon 3 mg in
 * halves: both in steps of half a tablet; the daily maximum keeps a typing error (40 for 4) out.
 */
export const COUMARINS = {
  acenocoumarol: { StrengthMg: 1, Step: 0.5, MaxTabletsPerDay: 10, Product: 'ACENOCOUMAROL TABLET 1MG' },
  fenprocoumon: { StrengthMg: 3, Step: 0.5, MaxTabletsPerDay: 4, Product: 'FENPROCOUMON TABLET 3MG' },
} as const;
export type Coumarin = keyof typeof COUMARINS;
export const COUMARIN_NAMES = Object.keys(COUMARINS) as Coumarin[];

/** Longest interval between checks (FNT: in range up to 6 weeks). */
export const MAX_CHECK_INTERVAL_DAYS = 42;

const round1 = (value: number) => Math.round(value * 10) / 10;
const hasOneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/** Below / in / above the target range, or critical (≥ 6.0 or < 1.5), whatever the range. */
export function interpretInr(value: number, range: { Low: number; High: number }): InrInterpretation {
  const v = round1(value);
  if (v >= INR_CRITICAL_HIGH || v < INR_CRITICAL_LOW) return 'critical';
  if (v < round1(range.Low)) return 'below';
  if (v > round1(range.High)) return 'above';
  return 'in';
}

/**
 * The default interval to the next check from the latest results (newest first), the rule we document
 * in docs/trombosis.md: critical → the next day; below or above → 1 week; in range → 3 weeks, and 6 weeks
 * when the two results before it were in range too; no result yet → 1 week.
 */
export function defaultCheckIntervalDays(latestFirst: readonly InrInterpretation[]): number {
  const [last, ...earlier] = latestFirst;
  if (!last) return 7;
  if (last === 'critical') return 1;
  if (last !== 'in') return 7;
  return earlier.length >= 2 && earlier[0] === 'in' && earlier[1] === 'in' ? MAX_CHECK_INTERVAL_DAYS : 21;
}

/** Tablets a week and milligrams a week of a weekly pattern. */
export function weekTotal(drug: Coumarin, tabletsPerDay: readonly number[]): { Tablets: number; Mg: number } {
  const tablets = tabletsPerDay.reduce((sum, n) => sum + n, 0);
  return { Tablets: tablets, Mg: Math.round(tablets * COUMARINS[drug].StrengthMg * 100) / 100 };
}

const inrNumber = (field: string) =>
  z
    .number({ error: `Vul ${field} in als getal.` })
    .min(INR_MIN, `${field} ligt tussen ${INR_MIN} en ${INR_MAX}.`)
    .max(INR_MAX, `${field} ligt tussen ${INR_MIN} en ${INR_MAX}.`)
    .refine(hasOneDecimal, `${field} heeft hoogstens één decimaal.`);

export const dateTimeSchema = z
  .string({ error: 'Vul datum en tijd in.' })
  .refine(isCalendarDateTime, 'Vul een bestaande datum en tijd in.');

/** The bounds of a target range (INR). */
export const targetBoundsSchema = z.object({ Low: z.number(), High: z.number() });

/** PUT /api/trombosis/patient/{id}/targetrange */
export const targetRangeBodySchema = z
  .strictObject({
    Group: z.enum(TARGET_GROUPS, { error: 'Kies een streefgebied.' }),
    /** Only for a custom range; groups 1 and 2 have fixed bounds. */
    Low: inrNumber('De ondergrens').nullable().optional(),
    High: inrNumber('De bovengrens').nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.Group !== 'custom') return;
    if (body.Low == null) ctx.addIssue({ code: 'custom', path: ['Low'], message: 'Vul de ondergrens in.' });
    if (body.High == null) ctx.addIssue({ code: 'custom', path: ['High'], message: 'Vul de bovengrens in.' });
    if (body.Low != null && (body.Low < INR_CRITICAL_LOW || body.Low >= INR_CRITICAL_HIGH))
      ctx.addIssue({ code: 'custom', path: ['Low'], message: 'De ondergrens ligt tussen 1.5 en 6.0.' });
    if (body.Low != null && body.High != null && body.High <= body.Low)
      ctx.addIssue({
        code: 'custom',
        path: ['High'],
        message: 'De bovengrens moet hoger zijn dan de ondergrens.',
      });
    if (body.High != null && body.High > INR_CRITICAL_HIGH)
      ctx.addIssue({ code: 'custom', path: ['High'], message: 'De bovengrens is hoogstens 6.0.' });
  });
export type TargetRangeBody = z.infer<typeof targetRangeBodySchema>;

/** The bounds of a target range body (fixed for groups 1 and 2). */
export function boundsOf(body: TargetRangeBody): { Low: number; High: number } {
  if (body.Group === 'custom') return { Low: body.Low!, High: body.High! };
  return TARGET_GROUP_RANGES[body.Group];
}

export const targetRangeSchema = z.object({
  Id: z.number().int(),
  Group: z.enum(TARGET_GROUPS),
  Low: z.number(),
  High: z.number(),
  ValidFrom: z.string(),
  SetBy: z.string().nullable(),
});
export type TargetRange = z.infer<typeof targetRangeSchema>;

/** POST /api/trombosis/patient/{id}/inrvalues; MeasuredAt may not lie in the future (checked on the server). */
export const inrValueBodySchema = z.strictObject({
  Value: inrNumber('De INR'),
  MeasuredAt: dateTimeSchema,
  Method: z.enum(INR_METHODS, { error: 'Kies een meetmethode.' }),
  Note: multilineText()
    .trim()
    .max(500, 'De opmerking mag maximaal 500 tekens zijn.')
    .nullable()
    .optional()
    .transform((value) => value || null),
});
export type InrValueBodyInput = z.input<typeof inrValueBodySchema>;

export const inrValueSchema = z.object({
  Id: z.number().int(),
  PatientId: z.number().int(),
  Value: z.number(),
  MeasuredAt: z.string(),
  Method: z.enum(INR_METHODS),
  Note: z.string().nullable(),
  /** The target range that held when the value was entered. */
  TargetRange: targetBoundsSchema,
  Interpretation: z.enum(INR_INTERPRETATIONS),
  EnteredBy: z.string().nullable(),
  EnteredAt: z.string(),
});
export type InrValue = z.infer<typeof inrValueSchema>;

/** GET /api/trombosis/patient/{id}/inrvalues: oldest first, with the current range and its history. */
export const inrValueListSchema = z.object({
  PatientId: z.number().int(),
  TargetRange: targetRangeSchema.nullable(),
  TargetRangeHistory: z.array(targetRangeSchema),
  Rows: z.array(inrValueSchema),
  /** Time in therapeutic range over the last 6 months (Rosendaal), null without two values. */
  Ttr: z.number().nullable(),
});
export type InrValueList = z.infer<typeof inrValueListSchema>;

const tabletCount = z
  .number({ error: 'Vul het aantal tabletten in.' })
  .min(0, 'Niet minder dan 0 tabletten.');

/** POST /api/trombosis/patient/{id}/dosageschemes: a new scheme replaces the current one from ValidFrom. */
export const dosageSchemeBodySchema = z
  .strictObject({
    Drug: z.enum(COUMARIN_NAMES as [Coumarin, ...Coumarin[]], { error: 'Kies een middel.' }),
    ValidFrom: isoDateSchema,
    /** Tablets per weekday, Monday first. */
    TabletsPerDay: z.array(tabletCount).length(7, 'Vul voor elke dag van de week het aantal tabletten in.'),
    NextCheck: isoDateSchema,
    Note: multilineText()
      .trim()
      .max(500, 'De opmerking mag maximaal 500 tekens zijn.')
      .nullable()
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((body, ctx) => {
    const drug = COUMARINS[body.Drug];
    body.TabletsPerDay.forEach((n, i) => {
      if (Math.abs(n / drug.Step - Math.round(n / drug.Step)) > 1e-9)
        ctx.addIssue({
          code: 'custom',
          path: ['TabletsPerDay', i],
          message: 'Alleen hele of halve tabletten.',
        });
      else if (n > drug.MaxTabletsPerDay)
        ctx.addIssue({
          code: 'custom',
          path: ['TabletsPerDay', i],
          message: `Hoogstens ${drug.MaxTabletsPerDay} tabletten per dag.`,
        });
    });
    if (body.NextCheck <= body.ValidFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['NextCheck'],
        message: 'De volgende controle ligt na de ingangsdatum.',
      });
    else if (daysBetween(body.ValidFrom, body.NextCheck) > MAX_CHECK_INTERVAL_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['NextCheck'],
        message: 'De volgende controle ligt hoogstens 6 weken na de ingangsdatum.',
      });
  });
export type DosageSchemeBodyInput = z.input<typeof dosageSchemeBodySchema>;

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const dosageSchemeSchema = z.object({
  Id: z.number().int(),
  PatientId: z.number().int(),
  Drug: z.enum(COUMARIN_NAMES as [Coumarin, ...Coumarin[]]),
  ValidFrom: z.string(),
  /** The day before the next scheme starts; null while no later scheme exists. */
  ValidUntil: z.string().nullable(),
  TabletsPerDay: z.array(z.number()),
  WeekTotalMg: z.number(),
  NextCheck: z.string(),
  Note: z.string().nullable(),
  TargetRange: targetBoundsSchema.nullable(),
  CreatedBy: z.string().nullable(),
  /**
   * The organisation of whoever wrote the scheme: the trombosis service the doseerkalender names as the
   * client's contact. Null when unknown (the account is gone, or the list does not look it up).
   */
  ServiceName: z.string().nullable(),
  /** That service's contact details (its settings ContactPhone / ContactEmail), when it set them. */
  ServicePhone: z.string().nullable(),
  ServiceEmail: z.string().nullable(),
  CreatedAt: z.string(),
});
export type DosageScheme = z.infer<typeof dosageSchemeSchema>;

/**
 * A dosage scheme and the coumarin agreements disagree (docs/trombosis.md "Scheme and agreement"):
 * a current scheme without an active agreement of its drug, an active agreement without a current scheme,
 * or a scheme of one coumarin while the active agreement is of the other.
 */
export const COUMARIN_MISMATCH_KINDS = [
  'schemeWithoutAgreement',
  'agreementWithoutScheme',
  'drugMismatch',
] as const;
export const coumarinMismatchSchema = z.object({
  Kind: z.enum(COUMARIN_MISMATCH_KINDS),
  /** The drug of the scheme in force today; null without one. */
  SchemeDrug: z.enum(COUMARIN_NAMES as [Coumarin, ...Coumarin[]]).nullable(),
  /** The drugs of the patient's active coumarin agreements. */
  AgreementDrugs: z.array(z.enum(COUMARIN_NAMES as [Coumarin, ...Coumarin[]])),
});
export type CoumarinMismatch = z.infer<typeof coumarinMismatchSchema>;

/** GET /api/trombosis/patient/{id}/coumarinmismatch: the flag alone (for the AMO). */
export const coumarinMismatchResponseSchema = z.object({
  PatientId: z.number().int(),
  Mismatch: coumarinMismatchSchema.nullable(),
});
export type CoumarinMismatchResponse = z.infer<typeof coumarinMismatchResponseSchema>;

/** GET /api/trombosis/patient/{id}/dosageschemes: the current scheme, every scheme (newest first), a proposal. */
export const dosageSchemeListSchema = z.object({
  PatientId: z.number().int(),
  Current: dosageSchemeSchema.nullable(),
  Rows: z.array(dosageSchemeSchema),
  /** The default next check from the latest INR results (docs/trombosis.md), counted from today. */
  SuggestedNextCheck: z.string(),
  /** Whether the caller may enter a new scheme (the trombosis service of the patient). */
  CanWrite: z.boolean(),
  /** The scheme and the active coumarin agreements disagree; null when they agree. */
  Mismatch: coumarinMismatchSchema.nullable(),
});
export type DosageSchemeList = z.infer<typeof dosageSchemeListSchema>;

/** ATC group of the vitamin K antagonists (acenocoumarol B01AA07, fenprocoumon B01AA04). */
export const COUMARIN_ATC_PREFIX = 'B01AA';

/**
 * GET /api/trombosis/patient/{id}/coumarinagreements: the patient's medication agreements of a coumarin
 * only (the shape of GET /api/medication/patient/{id}/agreements), current ones and those ended in the last 90 days.
 */
export const coumarinAgreementListSchema = agreementListSchema;
