import { z } from 'zod';
import { bodyId, text } from './fields.ts';

/**
 * Koppelingen (Geavanceerd): an organisation's links to outside systems. `mijncaress` reads clients from
 * the ECD (a FHIR R4 Bundle of Patient resources), `mp9` reads medication agreements (a FHIR R4 transaction
 * Bundle of MP9 MedicationAgreements, applied as POST /fhir/R4 would), `baxter` drops roll files, `webhook`
 * posts events.
 */
export const INTEGRATION_TYPES = ['mijncaress', 'mp9', 'baxter', 'webhook'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
/** The types that can run (by hand or on their schedule); the others are stored only. */
export const RUNNABLE_INTEGRATION_TYPES = ['mijncaress', 'mp9'] as const satisfies readonly IntegrationType[];

export const INTEGRATION_SCHEDULES = ['manual', 'hourly', 'daily'] as const;
export type IntegrationSchedule = (typeof INTEGRATION_SCHEDULES)[number];

/**
 * A source is an http(s) URL, or `file:<name>.json`: a bundle shipped with the server (demo). The name is
 * looked up in a fixed list, never used as a path.
 */
export const INTEGRATION_FILE_SOURCE = /^file:[a-z0-9][a-z0-9-]{0,60}\.json$/;
/** http(s)://host[:port][/path]: no user info (credentials go in the sealed key), no spaces. */
const HTTP_SOURCE = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/;
const SOURCE_MESSAGE = 'Vul een http(s)-adres in, of file:<naam>.json voor een meegeleverd bestand.';

const sourceSchema = text({ error: SOURCE_MESSAGE })
  .trim()
  .min(1, SOURCE_MESSAGE)
  .max(500, 'Maximaal 500 tekens.')
  .refine((value) => INTEGRATION_FILE_SOURCE.test(value) || HTTP_SOURCE.test(value), SOURCE_MESSAGE);

const NAME_REQUIRED = 'Vul een naam in.';
const WARD_REQUIRED = 'Vul een afdelingscode in.';

export const wardMappingSchema = z.object({
  /** The ward (afdeling) code as the source system sends it. */
  WardCode: text({ error: WARD_REQUIRED })
    .trim()
    .min(1, WARD_REQUIRED)
    .max(50, 'Maximaal 50 tekens.')
    .regex(/^[A-Za-z0-9._-]+$/, 'Alleen letters, cijfers, punt, streep en liggend streepje.'),
  DepartmentId: bodyId('Kies een afdeling.'),
});
export type WardMapping = z.infer<typeof wardMappingSchema>;

const wardMappingListSchema = z
  .array(wardMappingSchema, { error: 'Geef een lijst van afdelingscodes.' })
  .max(100, 'Maximaal 100 afdelingscodes.')
  .refine((rows) => new Set(rows.map((r) => r.WardCode.toLowerCase())).size === rows.length, {
    error: 'Elke afdelingscode mag maar één keer voorkomen.',
  });

/**
 * POST and PUT body. Secret: a string sets the API key, null removes it, absent keeps the stored one.
 * The key is stored sealed and never sent back (only HasSecret).
 */
export const integrationBodySchema = z.strictObject({
  Type: z.enum(INTEGRATION_TYPES, { error: 'Kies een soort koppeling.' }),
  Name: text({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, 'Maximaal 100 tekens.'),
  Source: sourceSchema,
  Schedule: z.enum(INTEGRATION_SCHEDULES, { error: 'Kies een planning.' }).default('manual'),
  WardMapping: wardMappingListSchema.default([]),
  Active: z.boolean({ error: 'Kies ja of nee.' }).default(true),
  Secret: text({ error: 'Vul een sleutel in.' })
    .min(8, 'Een sleutel heeft minstens 8 tekens.')
    .max(500, 'Maximaal 500 tekens.')
    .nullable()
    .optional(),
});
export type IntegrationBody = z.infer<typeof integrationBodySchema>;
export type IntegrationBodyInput = z.input<typeof integrationBodySchema>;

/** POST /api/management/settings/integrationstatuses: several integrations on or off at once. */
export const integrationStatusesSchema = z.strictObject({
  Ids: z
    .array(bodyId(), { error: 'Kies minstens één koppeling.' })
    .min(1, 'Kies minstens één koppeling.')
    .max(100, 'Maximaal 100 koppelingen tegelijk.'),
  Active: z.boolean({ error: 'Kies ja of nee.' }),
});
export type IntegrationStatuses = z.infer<typeof integrationStatusesSchema>;

export const INTEGRATION_OUTCOMES = ['success', 'partial', 'failure'] as const;
export type IntegrationOutcome = (typeof INTEGRATION_OUTCOMES)[number];
export const REPORT_LINE_ACTIONS = ['created', 'updated', 'unchanged', 'refused'] as const;
export type ReportLineAction = (typeof REPORT_LINE_ACTIONS)[number];

export const integrationReportSchema = z.object({
  Id: z.number().int(),
  IntegrationId: z.number().int(),
  StartedAt: z.string(),
  FinishedAt: z.string().nullable(),
  Outcome: z.enum(INTEGRATION_OUTCOMES),
  Created: z.number().int(),
  Updated: z.number().int(),
  Unchanged: z.number().int(),
  Refused: z.number().int(),
  /** Why a run failed as a whole (source not reachable, not a Bundle), else null. */
  Message: z.string().nullable(),
  StartedBy: z.string().nullable(),
});
export type IntegrationReport = z.infer<typeof integrationReportSchema>;

/** One record of the source: what happened and why. The BSN is not repeated here (no second copy). */
export const integrationReportLineSchema = z.object({
  Seq: z.number().int(),
  /** The record's id in the source (FHIR Patient.id), or its position. */
  Reference: z.string(),
  Action: z.enum(REPORT_LINE_ACTIONS),
  Reason: z.string().nullable(),
  PatientId: z.number().int().nullable(),
});

export const integrationReportDetailSchema = integrationReportSchema.extend({
  Lines: z.array(integrationReportLineSchema),
});
export type IntegrationReportDetail = z.infer<typeof integrationReportDetailSchema>;

export const integrationSchema = z.object({
  Id: z.number().int(),
  Type: z.enum(INTEGRATION_TYPES),
  Name: z.string(),
  Source: z.string(),
  Schedule: z.enum(INTEGRATION_SCHEDULES),
  WardMapping: z.array(z.object({ WardCode: z.string(), DepartmentId: z.number().int() })),
  Active: z.boolean(),
  HasSecret: z.boolean(),
  /** When the scheduler runs it next (hourly or daily, active); null when it does not. */
  NextRunAt: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string().nullable(),
  LastReport: integrationReportSchema.nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({ Rows: z.array(integrationSchema) });
export const integrationReportListSchema = z.object({ Rows: z.array(integrationReportSchema) });
