import { z } from 'zod';
import type { ResultGrouping } from './administration-results.ts';
import { bodyId, text } from './fields.ts';

/**
 * Diagrammen (/zp/medication/diagram/add): charts over the administration results that an organisation
 * saves and its users share. A diagram stores only its definition (what to count, grouped how, over
 * which period); its figures are fetched live from the results whenever it is shown.
 */

export const DIAGRAM_MEASURES = [
  'registrations',
  'given',
  'deviations',
  'givenPercentage',
  'deviationPercentage',
] as const;
export type DiagramMeasure = (typeof DIAGRAM_MEASURES)[number];
export const DIAGRAM_GROUPINGS = [
  'department',
  'medication',
  'status',
] as const satisfies readonly ResultGrouping[];
export type DiagramGrouping = (typeof DIAGRAM_GROUPINGS)[number];
export const DIAGRAM_PERIODS = [7, 14, 30, 90] as const;
export type DiagramPeriod = (typeof DIAGRAM_PERIODS)[number];

export const DIAGRAM_TITLE_MAX = 100;
/**
 * Diagrams one organisation may keep. Each shown diagram is a results request, so a page with all of
 * them stays at a few dozen requests; more than this is no longer an overview.
 */
export const DIAGRAMS_PER_ORGANISATION = 30;

const TITLE_REQUIRED = 'Vul een titel in.';

/**
 * What a diagram shows. Every value comes from a fixed list and an unknown key is refused, so a
 * definition is a few dozen bytes; the table also bounds its size.
 */
export const diagramDefinitionSchema = z.strictObject({
  Measure: z.enum(DIAGRAM_MEASURES, { error: 'Kies wat het diagram telt.' }),
  GroupBy: z.enum(DIAGRAM_GROUPINGS, { error: 'Kies waarop het diagram groepeert.' }),
  PeriodDays: z.literal(DIAGRAM_PERIODS, { error: 'Kies een periode van 7, 14, 30 of 90 dagen.' }),
  /** One department, or null for all the caller may see. */
  DepartmentId: bodyId('Kies een afdeling.').nullable(),
});
export type DiagramDefinition = z.infer<typeof diagramDefinitionSchema>;

const titleSchema = text({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(DIAGRAM_TITLE_MAX, `Maximaal ${DIAGRAM_TITLE_MAX} tekens.`);

/** POST /api/diagrams. */
export const diagramCreateSchema = z.strictObject({
  Title: titleSchema,
  Definition: diagramDefinitionSchema,
});
export type DiagramCreate = z.infer<typeof diagramCreateSchema>;

/** PUT /api/diagrams/{id}: a new title, a new definition, or both. */
export const diagramUpdateSchema = z
  .strictObject({ Title: titleSchema, Definition: diagramDefinitionSchema })
  .partial()
  .refine((body) => body.Title !== undefined || body.Definition !== undefined, {
    error: 'Geef een titel of een definitie om te wijzigen.',
    path: ['Title'],
  });
export type DiagramUpdate = z.infer<typeof diagramUpdateSchema>;

export const diagramSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Definition: diagramDefinitionSchema,
  /** The account that saved it, and its screen name (the username when it has no person). */
  OwnerAccountId: z.number().int(),
  OwnerName: z.string(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  /** The caller may rename, change or delete it: its owner, or a Beheerder of the organisation. */
  MayChange: z.boolean(),
});
export type Diagram = z.infer<typeof diagramSchema>;

/** GET /api/diagrams: the organisation's diagrams, newest first. */
export const diagramListSchema = z.object({ Rows: z.array(diagramSchema) });
export type DiagramList = z.infer<typeof diagramListSchema>;
