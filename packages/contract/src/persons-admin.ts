import { z } from 'zod';
import { accountSchema, namedRefSchema } from './account.ts';
import { personSchema } from './person.ts';
import {
  pageQueryShape,
  pageShape,
  personNameInputSchema,
  queryBool,
  dateOfBirthSchema,
} from './admin-fields.ts';
import { idSchema, text } from './fields.ts';

/** Persons and accounts management (screen /management/persons). */
export * from './admin-fields.ts';
export * from './admin-log.ts';

/** Path parameter `{personId}` of the person and account calls (`{id}` is `idParamSchema`). */
export const personIdParamSchema = z.object({ personId: idSchema });

export const PERSON_SORT_FIELDS = ['name', 'dateOfBirth', 'username', 'lastLogin'] as const;
export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];

/** GET /api/personinfo query: server-side search, filters, sort and page. */
export const personListQuerySchema = z.object({
  /** Searches name, username, employee number and e-mail address (case-insensitive, prefix/contains). */
  q: text().trim().max(100).optional(),
  active: queryBool.optional(),
  role: idSchema.optional(),
  team: idSchema.optional(),
  hasAccount: queryBool.optional(),
  sort: z.enum(PERSON_SORT_FIELDS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  ...pageQueryShape,
});
export type PersonListQuery = z.infer<typeof personListQuerySchema>;

/** One row of the persons table. DateOfBirth ISO date, LastLogin ISO date-time (UTC). */
export const personListRowSchema = z.object({
  Id: z.number().int(),
  NameInformation: personSchema.shape.NameInformation,
  ScreenName: z.string(),
  DateOfBirth: z.string().nullable(),
  CustomerName: z.string().nullable(),
  Active: z.boolean(),
  AccountId: z.number().int().nullable(),
  AccountActive: z.boolean().nullable(),
  Username: z.string().nullable(),
  EmployeeNumber: z.string().nullable(),
  Roles: z.array(namedRefSchema),
  LastLogin: z.string().nullable(),
});
export type PersonListRow = z.infer<typeof personListRowSchema>;
export const personPageSchema = z.object({ Rows: z.array(personListRowSchema), ...pageShape });
export type PersonPage = z.infer<typeof personPageSchema>;

/** GET /api/person/{id}: the edit form's data. */
export const personDetailSchema = z.object({ Person: personSchema, Account: accountSchema.nullable() });
export type PersonDetail = z.infer<typeof personDetailSchema>;

/** POST /api/person and PUT /api/person/{id}. Strict: Id, Entity and Deleted cannot be sent. */
export const personBodySchema = z.strictObject({
  NameInformation: personNameInputSchema,
  DateOfBirth: dateOfBirthSchema.nullable().optional(),
  CustomerName: text().trim().max(100, 'De klantnaam mag maximaal 100 tekens zijn.').nullable().optional(),
  /** A data URL (image/png, image/jpeg or image/webp), at most ~256 kB. */
  Avatar: z
    .string()
    .max(350_000, 'De afbeelding is te groot (maximaal 256 kB).')
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Kies een PNG-, JPEG- of WebP-afbeelding.')
    .nullable()
    .optional(),
});
export type PersonBody = z.infer<typeof personBodySchema>;
export type PersonBodyInput = z.input<typeof personBodySchema>;

/** GET /api/accounts/ query. */
export const accountListQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  active: queryBool.optional(),
  role: idSchema.optional(),
  team: idSchema.optional(),
  ...pageQueryShape,
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;
export const accountPageSchema = z.object({ Rows: z.array(accountSchema), ...pageShape });
export type AccountPage = z.infer<typeof accountPageSchema>;

export { accountLinkBodySchema, accountUpdateBodySchema } from './admin-account-body.ts';
export type { AccountLinkBody, AccountUpdateBody } from './admin-account-body.ts';

/** GET /api/accounts/lookups: the choices of the account form and the list filters. */
export const accountLookupsSchema = z.object({
  /** Every role of the entity; Grantable = the caller holds all its permissions. */
  Roles: z.array(namedRefSchema.extend({ Permissions: z.array(z.string()), Grantable: z.boolean() })),
  Teams: z.array(namedRefSchema),
  /** The organisation's own groups (GroupsReceivesFrom). */
  Groups: z.array(namedRefSchema),
  /** Own groups and those of organisations reached in the care network (GroupsSendTo). */
  SendToGroups: z.array(namedRefSchema),
  Products: z.array(namedRefSchema),
});
export type AccountLookups = z.infer<typeof accountLookupsSchema>;
