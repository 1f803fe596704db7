import { z } from 'zod';
import { isValidBsn } from './bsn.ts';
import { bodyId, bodyIdSchema, boundedInt, idSchema, text } from './fields.ts';
import { nameInformationSchema } from './person.ts';

/** Patients (cliënten) — a person with care data (domain.md "Patient"). */

export const bsnSchema = text({ error: 'Vul het BSN in.' })
  .trim()
  .refine((value) => isValidBsn(value), 'Dit is geen geldig BSN (9 cijfers, elfproef).');

const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => value || null);

/** ConsentStatus is derived from the eTDR consents (POST /api/etdr/informedconsent), never sent. */
export const CONSENT_STATUSES = ['none', 'given', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** POST /api/patient/link/person/{personId} and PUT /api/patient/{id}: the care data of a patient. */
export const patientBodySchema = z.strictObject({
  Bsn: bsnSchema,
  DepartmentId: bodyId('Kies een afdeling.'),
  Room: optionalText(20, 'De kamer mag maximaal 20 tekens zijn.'),
  /** The supplying pharmacy; null = not known yet. */
  PharmacyEntityId: bodyIdSchema.nullable().optional().default(null),
  GpName: optionalText(100, 'De naam van de huisarts mag maximaal 100 tekens zijn.'),
  /** The prescriber's organisation (a GP practice with an active `gp` link to the care centre); null = none. */
  PrescriberEntityId: bodyIdSchema.nullable().optional().default(null),
  Allergies: z
    .array(text().trim().min(1).max(100, 'Een allergie mag maximaal 100 tekens zijn.'))
    .max(30)
    .optional()
    .default([]),
});
export type PatientBody = z.infer<typeof patientBodySchema>;
export type PatientBodyInput = z.input<typeof patientBodySchema>;

export const patientSchema = z.object({
  Id: z.number().int(),
  PersonId: z.number().int(),
  /** The care centre the patient belongs to. */
  EntityId: z.number().int(),
  NameInformation: nameInformationSchema,
  ScreenName: z.string(),
  DateOfBirth: z.string().nullable(),
  Bsn: z.string(),
  DepartmentId: z.number().int(),
  DepartmentName: z.string(),
  Room: z.string().nullable(),
  PharmacyEntityId: z.number().int().nullable(),
  PharmacyName: z.string().nullable(),
  GpName: z.string().nullable(),
  PrescriberEntityId: z.number().int().nullable(),
  PrescriberName: z.string().nullable(),
  Allergies: z.array(z.string()),
  ConsentStatus: z.enum(CONSENT_STATUSES),
});
export type Patient = z.infer<typeof patientSchema>;

/** GET /api/patients: patient pickers (AMO, results filter); searches name, BSN and room. */
export const patientListQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  departmentId: idSchema.optional(),
  /** The client record of this person, if any (e.g. after "Deze persoon is al cliënt."). */
  personId: idSchema.optional(),
  limit: boundedInt(1, 200).default(50),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;
export const patientListSchema = z.object({ Rows: z.array(patientSchema) });
export type PatientList = z.infer<typeof patientListSchema>;

/** A department the caller may choose (own care centre, or the care centres a pharmacy supplies). */
export const departmentOptionSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  EntityId: z.number().int(),
  EntityName: z.string(),
});
export type DepartmentOption = z.infer<typeof departmentOptionSchema>;
/** GET /api/medication/departments. */
export const departmentListSchema = z.object({ Rows: z.array(departmentOptionSchema) });

/** GET /api/patients/prescribers: the organisations that may be a client's prescriber (active `gp` link). */
export const prescriberOptionsSchema = z.object({
  Rows: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
});
