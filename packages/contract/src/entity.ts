import { z } from 'zod';
import { ENTITY_TYPES } from './constants.ts';
import { multilineText, text } from './fields.ts';
import { doseWindowMinutesSchema } from './time-window.ts';

/** Entity settings (GET /api/management/settings). The spec names PharmacyIdentifier and CareCenter. */
export const entitySettingsSchema = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    PharmacyIdentifier: z.string().nullable().optional(),
    CareCenter: z.boolean().nullable().optional(),
  })
  .passthrough();
export type EntitySettings = z.infer<typeof entitySettingsSchema>;

/** The settings a Beheerder may change (PUT /api/management/settings/1), each with its type. */
export const WRITABLE_ENTITY_SETTINGS = [
  'WelcomeText',
  'DoseWindowBeforeMinutes',
  'DoseWindowAfterMinutes',
  'AccessOverviewStaffNames',
  'ContactPhone',
  'ContactEmail',
] as const;
/** Settings that follow the entity's type: readable, never written through the settings call. */
export const DERIVED_ENTITY_SETTINGS = ['PharmacyIdentifier', 'CareCenter'] as const;

/**
 * PUT /api/management/settings/1. Strict: an unknown key is a 400 naming it. The identity fields and the
 * derived settings are accepted so a client can send back what it read, but only when unchanged.
 */
export const entitySettingsUpdateSchema = z.strictObject({
  WelcomeText: multilineText()
    .trim()
    .max(2000, 'De welkomsttekst mag maximaal 2000 tekens zijn.')
    .nullable()
    .optional(),
  /** The dose time window of a care centre (time-window.ts); null returns to the default. */
  DoseWindowBeforeMinutes: doseWindowMinutesSchema.nullable().optional(),
  DoseWindowAfterMinutes: doseWindowMinutesSchema.nullable().optional(),
  /**
   * Whether the overview "Wie heeft dit dossier ingezien" a care centre hands to a client names its own staff
   * (true) or shows role and organisation only (false or null, the default). Another organisation's staff
   * are never named there.
   */
  AccessOverviewStaffNames: z.boolean().nullable().optional(),
  /**
   * How clients and partners reach the organisation: printed on what a client takes home (the trombosis
   * service's doseerkalender). Null or empty removes it.
   */
  ContactPhone: text()
    .trim()
    .max(30, 'Het telefoonnummer mag maximaal 30 tekens zijn.')
    .regex(/^(\+?[0-9][0-9 ()-]{5,28})?$/, 'Vul een telefoonnummer in, bijvoorbeeld 030-1234567.')
    .nullable()
    .optional(),
  ContactEmail: z
    .union([z.literal(''), z.email('Vul een geldig e-mailadres in.').max(254, 'Het e-mailadres is te lang.')])
    .nullable()
    .optional(),
  Id: z.number().int().optional(),
  Name: text().max(200).optional(),
  Type: z.enum(ENTITY_TYPES).optional(),
  PharmacyIdentifier: text().max(100).nullable().optional(),
  CareCenter: z.boolean().nullable().optional(),
});
export type EntitySettingsUpdate = z.infer<typeof entitySettingsUpdateSchema>;
