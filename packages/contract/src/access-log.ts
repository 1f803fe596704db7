import { z } from 'zod';
import { dateTimeInputSchema } from './admin-fields.ts';
import {
  AUDIT_ACTION_CODES,
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_OBJECT_LABELS,
  type AuditAction,
} from './audit-catalogue.ts';
import type { Language } from './constants.ts';
import { bodyIdSchema, boundedInt, text } from './fields.ts';

/**
 * Printing and the client's access overview (NEN 7513, Wabvpz): what a printout of a screen writes to the
 * log, and "Wie heeft dit dossier ingezien", the overview a care centre hands to a client on request.
 */

/** The screens with client data that can be printed; each is the audit object type of its printout. */
export const PRINT_SCREENS = [
  'medication_agreements',
  'inr_values',
  'administration_list',
  'administration_results',
  'baxter_roll_list',
] as const;
export type PrintScreen = (typeof PRINT_SCREENS)[number];
/** The screens that show one client's record; the others are lists of clients. */
export const RECORD_PRINT_SCREENS: readonly PrintScreen[] = ['medication_agreements', 'inr_values'];
/** The most clients one printed list may name (a ward's day list has a few dozen). */
export const MAX_PRINTED_PATIENTS = 1000;

/** POST /api/log/print: what was printed, sent by the page when the browser starts printing. */
export const printBodySchema = z
  .strictObject({
    Screen: z.enum(PRINT_SCREENS),
    /** The clients on the printed page: one for a record, the shown ones for a list (may be none). */
    PatientIds: z.array(bodyIdSchema).max(MAX_PRINTED_PATIENTS),
    /** The department a list shows, if it shows one. */
    DepartmentId: bodyIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (RECORD_PRINT_SCREENS.includes(body.Screen) && body.PatientIds.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['PatientIds'],
        message: 'Een afgedrukt dossier gaat over precies één cliënt.',
      });
  });
export type PrintBody = z.infer<typeof printBodySchema>;

/** GET /api/log/patients/{patientId}/access: a period (Dutch days, `to` inclusive) and a keyset page. */
export const accessOverviewQuerySchema = z.object({
  from: dateTimeInputSchema.optional(),
  to: dateTimeInputSchema.optional(),
  cursor: text().max(100).optional(),
  limit: boundedInt(1, 200).default(50),
});
export type AccessOverviewQuery = z.infer<typeof accessOverviewQuerySchema>;
/** The PDF and CSV of the overview: the whole period, no paging. */
export const accessExportQuerySchema = accessOverviewQuerySchema.omit({ cursor: true, limit: true });

/** One access to the client's record: when, which organisation, which role, what. */
export const accessRowSchema = z.object({
  EventId: z.string(),
  /** ISO date-time in UTC; shown as DD-MM-YYYY HH:mm in Europe/Amsterdam. */
  EventAt: z.string(),
  Action: z.enum(AUDIT_ACTION_CODES),
  ObjectType: z.string(),
  ChangedFields: z.array(z.string()).nullable(),
  EntityName: z.string().nullable(),
  Role: z.string().nullable(),
  /** The care centre's own staff member, only when its setting AccessOverviewStaffNames is on; else null. */
  StaffName: z.string().nullable(),
});
export type AccessRow = z.infer<typeof accessRowSchema>;
export const accessOverviewSchema = z.object({
  Patient: z.object({ Id: z.number().int(), Name: z.string(), DateOfBirth: z.string().nullable() }),
  /** The responsible care centre: the organisation that hands the overview to the client. */
  EntityName: z.string(),
  /** The care centre's policy: whether its own staff are named (AccessOverviewStaffNames). */
  StaffNames: z.boolean(),
  Rows: z.array(accessRowSchema),
  NextCursor: z.string().nullable(),
});
export type AccessOverview = z.infer<typeof accessOverviewSchema>;

/**
 * What an access did, in plain words from the audit catalogue: "Gelezen: Medicatieoverzicht", a change
 * with its fields "Gewijzigd: Cliënt (Kamer, Allergieën)". The screen, the PDF and the CSV all use it.
 */
export function accessWhat(
  row: Pick<AccessRow, 'Action' | 'ObjectType' | 'ChangedFields'>,
  language: Language,
): string {
  const action = AUDIT_ACTION_LABELS[row.Action as AuditAction]?.[language] ?? row.Action;
  const object =
    AUDIT_OBJECT_LABELS[row.ObjectType as keyof typeof AUDIT_OBJECT_LABELS]?.[language] ?? row.ObjectType;
  const fields = (row.ChangedFields ?? []).map((name) => AUDIT_FIELD_LABELS[name]?.[language] ?? name);
  return `${action}: ${object}${fields.length ? ` (${fields.join(', ')})` : ''}`;
}
