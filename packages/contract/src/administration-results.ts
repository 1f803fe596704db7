import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { ADMINISTRATION_STATUSES } from './administration.ts';
import { dayProgressSchema } from './administration-list.ts';
import { idSchema as id } from './fields.ts';

/** Results overview (Resultaten Toedienregistratie), dashboard progress and flowchart counts. */

const isoDate = isoDateSchema;

export const RESULT_GROUPINGS = ['status', 'department', 'medication', 'patient', 'day', 'week'] as const;
export type ResultGrouping = (typeof RESULT_GROUPINGS)[number];

/**
 * GET /api/administration/results (and /results/export as CSV). Period in Europe/Amsterdam days,
 * inclusive; default the last 7 days. Counts only effective registrations (corrections replace).
 */
export const resultsQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    departmentId: id.optional(),
    patientId: id.optional(),
    medicationId: id.optional(),
    status: z.enum(ADMINISTRATION_STATUSES).optional(),
    groupBy: z.enum(RESULT_GROUPINGS).default('status'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'De begindatum ligt na de einddatum.',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'Kies een periode van hoogstens een jaar.',
    path: ['to'],
  });
export type ResultsQuery = z.input<typeof resultsQuerySchema>;

export const statusCountSchema = z.object({
  Status: z.enum(ADMINISTRATION_STATUSES),
  Count: z.number().int(),
  /** Share of Total, 0–100 with one decimal. */
  Percentage: z.number(),
});

export const resultGroupSchema = z.object({
  Key: z.string(),
  Label: z.string(),
  Total: z.number().int(),
  ByStatus: z.array(statusCountSchema),
});

/**
 * How often the bedside scan is used, per department (docs/scanning.md): Scans made in the period,
 * Mismatches (scans where a check failed), and of the doses given (Given) how many followed a passing scan
 * of their planned moment (ScannedGiven, Percentage: the "gescand" share).
 */
export const scanShareSchema = z.object({
  Scans: z.number().int(),
  Mismatches: z.number().int(),
  Given: z.number().int(),
  ScannedGiven: z.number().int(),
  Percentage: z.number(),
});
export const scanningSchema = scanShareSchema.extend({
  ByDepartment: z.array(scanShareSchema.extend({ Key: z.string(), Label: z.string() })),
});
export type Scanning = z.infer<typeof scanningSchema>;

export const resultsSchema = z.object({
  From: z.string(),
  To: z.string(),
  Total: z.number().int(),
  ByStatus: z.array(statusCountSchema),
  Late: z.object({ Count: z.number().int(), Percentage: z.number() }),
  AwaitingDoubleCheck: z.number().int(),
  GroupBy: z.enum(RESULT_GROUPINGS),
  Groups: z.array(resultGroupSchema),
  Scanning: scanningSchema.optional(),
});
export type Results = z.infer<typeof resultsSchema>;

/** Columns of the CSV export, in order (header row uses these names). */
export const RESULTS_CSV_COLUMNS = [
  'RegistrationId',
  'Department',
  'Patient',
  'Medication',
  'ScheduledAt',
  'AdministeredAt',
  'Status',
  'DeviationReason',
  'DeviationText',
  'Late',
  'RecordedBy',
  'DoubleCheckBy',
  'CorrectsId',
  /** given_early / given_late: given outside the dose's time window. */
  'TimingReason',
] as const;

/** GET /api/administration/dashboard?date=: today's progress per visible department. */
export const dashboardQuerySchema = z.object({ date: isoDate.optional() });
/** One department's day: the same figures as the Summary of its toedienlijst. */
export const departmentProgressSchema = dayProgressSchema.extend({
  DepartmentId: z.number().int(),
  DepartmentName: z.string(),
  EntityId: z.number().int(),
});
export type DepartmentProgress = z.infer<typeof departmentProgressSchema>;
export const administrationDashboardSchema = z.object({
  Date: z.string(),
  Departments: z.array(departmentProgressSchema),
  AwaitingDoubleCheck: z.number().int(),
  PatientsWithoutConsent: z.array(
    z.object({ PatientId: z.number().int(), ScreenName: z.string(), DepartmentName: z.string() }),
  ),
});
export type AdministrationDashboard = z.infer<typeof administrationDashboardSchema>;

/** The medication process as a graph (domain.md "Flowchart"), in this order. */
export const FLOWCHART_STEPS = [
  'prescribe',
  'pharmacy_check',
  'dispense_gds',
  'dispense_loose',
  'administer',
  'register',
] as const;
export type FlowchartStep = (typeof FLOWCHART_STEPS)[number];
/** Edges of the graph: dispense splits into GDS and loose, both lead to administer. */
export const FLOWCHART_EDGES: readonly [FlowchartStep, FlowchartStep][] = [
  ['prescribe', 'pharmacy_check'],
  ['pharmacy_check', 'dispense_gds'],
  ['pharmacy_check', 'dispense_loose'],
  ['dispense_gds', 'administer'],
  ['dispense_loose', 'administer'],
  ['administer', 'register'],
];

/** GET /api/medication/flowchart?departmentId&date. */
export const flowchartQuerySchema = z.object({ departmentId: id.optional(), date: isoDate.optional() });
export const flowchartSchema = z.object({
  DepartmentId: z.number().int(),
  DepartmentName: z.string(),
  Date: z.string(),
  /**
   * prescribe: active agreements; pharmacy_check: agreements started or changed in the last 7 days;
   * dispense_gds / dispense_loose: active agreements per distribution form; administer: timed moments
   * planned on Date; register: effective registrations on Date (Detail: given / deviations / awaiting check).
   */
  Steps: z.array(
    z.object({
      Key: z.enum(FLOWCHART_STEPS),
      Count: z.number().int(),
      Detail: z.record(z.string(), z.number().int()).optional(),
    }),
  ),
});
export type Flowchart = z.infer<typeof flowchartSchema>;
