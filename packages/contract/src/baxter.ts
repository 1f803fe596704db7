import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { idSchema } from './fields.ts';

/** Baxter rolls (GDS): a roll per patient per week, sachets per intake moment (domain.md "Orders and Baxter"). */

export const BAXTER_STATUSES = ['waiting_for_file', 'laid_out', 'handed_over'] as const;
export type BaxterStatus = (typeof BAXTER_STATUSES)[number];
/** A roll covers this many days from its Monday. */
export const BAXTER_ROLL_DAYS = 7;

/** A Monday (ISO date); the week of a roll. */
export const weekStartSchema = isoDateSchema.refine(
  (value) => new Date(`${value}T00:00:00Z`).getUTCDay() === 1,
  'Kies de maandag van de week.',
);

export const baxterListQuerySchema = z.object({
  week: weekStartSchema.optional(),
  departmentId: idSchema.optional(),
  /** Only the rolls in this status (the dashboard tile opens the week's waiting rolls). */
  status: z.enum(BAXTER_STATUSES, { error: 'Onbekende status.' }).optional(),
});

const namedRef = z.object({ Id: z.number().int(), Name: z.string() });
const byAt = z.object({ By: z.string().nullable(), At: z.string() }).nullable();

export const baxterSachetSchema = z.object({
  At: z.string(),
  Product: z.string(),
  Quantity: z.number(),
});

/** A gds agreement started, changed or stopped while the roll was running (tussentijdse wijziging). */
export const BAXTER_INTERIM_KINDS = ['started', 'changed', 'stopped'] as const;
export const baxterInterimChangeSchema = z.object({
  Kind: z.enum(BAXTER_INTERIM_KINDS),
  AgreementId: z.number().int(),
  Product: z.string(),
  /** The moment the change takes effect: the roll no longer matches the agreements from then on. */
  At: z.string(),
  RecordedAt: z.string(),
  RecordedBy: z.string().nullable(),
});

export const baxterRollSchema = z.object({
  Id: z.number().int(),
  Entity: namedRef,
  Pharmacy: namedRef,
  Patient: namedRef,
  Room: z.string().nullable(),
  Department: namedRef,
  /** Monday of the roll's week and its last day (inclusive). */
  PeriodStart: z.string(),
  PeriodEnd: z.string(),
  Status: z.enum(BAXTER_STATUSES),
  /** Sachets come from the packaging robot's file once it was imported, else from the gds agreements. */
  FromFile: z.boolean(),
  LaidOut: byAt,
  HandedOver: byAt,
  Sachets: z.array(baxterSachetSchema),
  InterimChanges: z.object({ Count: z.number().int(), Changes: z.array(baxterInterimChangeSchema) }),
});
export type BaxterRoll = z.infer<typeof baxterRollSchema>;

export const baxterRollListSchema = z.object({ WeekStart: z.string(), Rows: z.array(baxterRollSchema) });
export type BaxterRollList = z.infer<typeof baxterRollListSchema>;

export const baxterGenerateBodySchema = z.strictObject({ WeekStart: weekStartSchema });
export const baxterGenerateResultSchema = z.object({ Created: z.number().int(), Existing: z.number().int() });

/** POST /api/baxter/import: the robot's file as text (docs/baxter-roll-file.md). */
export const BAXTER_FILE_MAX_CHARS = 2_000_000;
export const baxterImportBodySchema = z.strictObject({
  Format: z.enum(['csv', 'json'], { error: 'Kies het formaat: csv of json.' }),
  Content: z
    .string({ error: 'Het bestand is leeg.' })
    .min(1, 'Het bestand is leeg.')
    .max(BAXTER_FILE_MAX_CHARS, 'Het bestand is te groot (maximaal 2 MB).'),
});
export type BaxterImportBody = z.infer<typeof baxterImportBodySchema>;

/** One problem in a roll file: the line (CSV: file line; JSON: element number, 1-based) and the field. */
export const baxterFileErrorSchema = z.object({
  Line: z.number().int(),
  Field: z.string(),
  Message: z.string(),
});
export type BaxterFileError = z.infer<typeof baxterFileErrorSchema>;
export const baxterImportResultSchema = z.object({ Rolls: z.number().int(), Sachets: z.number().int() });
export const baxterImportErrorSchema = z.object({
  Code: z.string(),
  Message: z.string(),
  Errors: z.array(baxterFileErrorSchema),
});

/** The fields of one line of a roll file, as the robot writes them. */
export const BAXTER_FILE_FIELDS = ['bsn', 'period_start', 'sachet_time', 'product', 'quantity'] as const;
