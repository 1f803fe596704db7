import { z } from 'zod';
import { dateTimeInputSchema, pageQueryShape, pageShape } from './admin-fields.ts';
import { boundedInt, idSchema, text } from './fields.ts';
import { nameInformationSchema } from './person.ts';
import { AUDIT_ACTION_CODES } from './audit-catalogue.ts';

/** Trash can (Prullenbak), the NEN 7513 log (Logboek) and the dashboard tiles. */

/** GET /api/trash query and rows: deleted persons with who deleted them and when. */
export const trashListQuerySchema = z.object({ q: text().trim().max(100).optional(), ...pageQueryShape });
export type TrashListQuery = z.infer<typeof trashListQuerySchema>;
export const trashRowSchema = z.object({
  PersonId: z.number().int(),
  NameInformation: nameInformationSchema,
  ScreenName: z.string(),
  DateOfBirth: z.string().nullable(),
  Username: z.string().nullable(),
  DeletedAt: z.string().nullable(),
  DeletedBy: z.object({ Id: z.number().int(), Username: z.string().nullable() }).nullable(),
});
export type TrashRow = z.infer<typeof trashRowSchema>;
export const trashPageSchema = z.object({ Rows: z.array(trashRowSchema), ...pageShape });
export type TrashPage = z.infer<typeof trashPageSchema>;

/** DELETE /api/trash/{personId}: the typed screen name confirms the purge. */
export const purgeBodySchema = z.strictObject({
  ConfirmName: text({ error: 'Typ de naam ter bevestiging.' }).max(300),
});
export type PurgeBody = z.infer<typeof purgeBodySchema>;

/** GET /api/log and /api/log/export query. `personId`: events on that person; `patientId`: PatientId. */
export const logQuerySchema = z.object({
  from: dateTimeInputSchema.optional(),
  to: dateTimeInputSchema.optional(),
  userId: idSchema.optional(),
  personId: idSchema.optional(),
  patientId: idSchema.optional(),
  action: z.enum(AUDIT_ACTION_CODES).optional(),
  outcome: text().trim().max(20).optional(),
  objectType: text().trim().max(40).optional(),
  /** Opaque keyset cursor: NextCursor of the previous page. */
  cursor: text().max(100).optional(),
  limit: boundedInt(1, 200).default(50),
});
export type LogQuery = z.infer<typeof logQuerySchema>;
export const logExportQuerySchema = logQuerySchema.omit({ cursor: true, limit: true });

/**
 * A log entry (domain.md Log). EventAt is an ISO date-time in UTC. In a care centre's Logboek another
 * organisation's entry on one of its clients has UserId, Username, UserScreenName, ResponsibleUserId, Ip and
 * Detail null: it names the organisation (EntityName) and the Role, not who there.
 */
export const logRowSchema = z.object({
  EventId: z.string(),
  EventAt: z.string(),
  Action: z.enum(AUDIT_ACTION_CODES),
  Outcome: z.string(),
  UserId: z.number().int().nullable(),
  Username: z.string().nullable(),
  Role: z.string().nullable(),
  EntityId: z.number().int().nullable(),
  ResponsibleUserId: z.number().int().nullable(),
  Ip: z.string().nullable(),
  ObjectType: z.string(),
  ObjectId: z.string().nullable(),
  PatientId: z.number().int().nullable(),
  Detail: z.record(z.string(), z.unknown()).nullable(),
  /** Names resolved for reading, only where the caller may see them (own organisation, supplied care centres). */
  UserScreenName: z.string().nullable(),
  EntityName: z.string().nullable(),
  /** The object's name: a person's or client's screen name, an account's username, a department's name. */
  ObjectName: z.string().nullable(),
  PatientName: z.string().nullable(),
  /** A list view's clients: one entry per view links every client it showed. */
  RelatedPatients: z.array(z.object({ Id: z.number().int(), Name: z.string().nullable() })),
  /** A change's field names (audit catalogue AUDIT_FIELD_LABELS); never the values. */
  ChangedFields: z.array(z.string()).nullable(),
});
export type LogRow = z.infer<typeof logRowSchema>;
/** Newest first; NextCursor null on the last page. */
export const logPageSchema = z.object({ Rows: z.array(logRowSchema), NextCursor: z.string().nullable() });
export type LogPage = z.infer<typeof logPageSchema>;

/**
 * The CSV columns of GET /api/log/export, in order: the stored entry and the organisation's name (a care
 * centre's log holds other organisations' access to its clients). The other names are for the screen.
 */
export const LOG_CSV_COLUMNS = [
  'EventId',
  'EventAt',
  'Action',
  'Outcome',
  'UserId',
  'Username',
  'Role',
  'EntityId',
  'EntityName',
  'ResponsibleUserId',
  'Ip',
  'ObjectType',
  'ObjectId',
  'PatientId',
  'Detail',
] as const satisfies readonly (keyof LogRow)[];

/** GET /api/dashboard: the tiles the caller may see. Key names the tile (translation key dashboard.<Key>). */
export const dashboardTileSchema = z.object({
  Key: z.string(),
  Value: z.number(),
  /** The permission the tile needs (null: everyone); informative only, the server already filtered. */
  Permission: z.string().nullable().optional(),
  /** Where a click on the tile goes, if anywhere. */
  Link: z.string().nullable().optional(),
  /** Tiles of one subject (e.g. a department's rounds) share a Group, shown as a heading. */
  Group: z.string().nullable().optional(),
  /** A short text beside the figure, e.g. the current round "08:00". */
  Detail: z.string().nullable().optional(),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;
export const dashboardSchema = z.object({ Tiles: z.array(dashboardTileSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;
