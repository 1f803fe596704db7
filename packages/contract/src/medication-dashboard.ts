import { z } from 'zod';

/**
 * The Medicatiedashboard's lists (/zp/medication/dashboard): each tile is the length of one of them.
 * started/changed/stopped: agreements whose start (a new one, or the successor of a change) or stop falls in
 * this week (Monday to Sunday, Europe/Amsterdam). unsigned: agreements in force or still to start without the
 * prescriber's eTDR signature. interim: interim changes on Baxter rolls that are still running. noConsent:
 * clients without an active eTDR consent. allergies: clients with an allergy recorded.
 */
export const MEDICATION_DASHBOARD_LISTS = [
  'started',
  'changed',
  'stopped',
  'unsigned',
  'interim',
  'noConsent',
  'allergies',
] as const;
export type MedicationDashboardListKey = (typeof MEDICATION_DASHBOARD_LISTS)[number];

/** The most rows one list answers; its Total still counts every row. */
export const MEDICATION_DASHBOARD_MAX_ROWS = 1000;

const week = {
  /** The Monday and the Sunday of this week (YYYY-MM-DD, Europe/Amsterdam). */
  WeekStart: z.string(),
  WeekEnd: z.string(),
};

/** GET /api/medication/dashboard: one figure per list, in the order of MEDICATION_DASHBOARD_LISTS. */
export const medicationDashboardSchema = z.object({
  ...week,
  Figures: z.array(z.object({ List: z.enum(MEDICATION_DASHBOARD_LISTS), Count: z.number().int() })),
});
export type MedicationDashboard = z.infer<typeof medicationDashboardSchema>;

/** GET /api/medication/dashboard/list?list= */
export const medicationDashboardListQuerySchema = z.object({
  list: z.enum(MEDICATION_DASHBOARD_LISTS, { error: 'Kies een lijst van het dashboard.' }),
});

/** One row of a list: always a client; the agreement lists add the agreement, the others what they are about. */
export const medicationDashboardRowSchema = z.object({
  PatientId: z.number().int(),
  PatientName: z.string(),
  DepartmentName: z.string(),
  EntityName: z.string(),
  AgreementId: z.number().int().nullable(),
  Medication: z.string().nullable(),
  Prescriber: z.string().nullable(),
  /** ISO instant: the agreement's start (started, changed, unsigned), its end (stopped), the change (interim). */
  At: z.string().nullable(),
  /** The reason of a start or change, or the reason of a stop. */
  Reason: z.string().nullable(),
  StopType: z.enum(['stopped', 'paused', 'cancelled']).nullable(),
  /** interim: what happened to the agreement, and the roll's week (Monday, Sunday). */
  InterimKind: z.enum(['started', 'changed', 'stopped']).nullable(),
  Roll: z.object({ From: z.string(), To: z.string() }).nullable(),
  ConsentStatus: z.enum(['none', 'given', 'withdrawn']).nullable(),
  Allergies: z.array(z.string()),
});
export type MedicationDashboardRow = z.infer<typeof medicationDashboardRowSchema>;

export const medicationDashboardListSchema = z.object({
  ...week,
  List: z.enum(MEDICATION_DASHBOARD_LISTS),
  /** The list's length: its tile's figure. Rows holds at most MEDICATION_DASHBOARD_MAX_ROWS of them. */
  Total: z.number().int(),
  Rows: z.array(medicationDashboardRowSchema),
});
export type MedicationDashboardList = z.infer<typeof medicationDashboardListSchema>;
