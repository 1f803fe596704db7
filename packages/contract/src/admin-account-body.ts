import { z } from 'zod';
import { dateTimeInputSchema, emailListSchema } from './admin-fields.ts';
import { PRODUCT_ID } from './constants.ts';
import { bodyIdSchema, text } from './fields.ts';

/**
 * Account bodies of POST /api/account/link/{personId} and PUT /api/account/{id}. Strict: Id, Person,
 * Entity, Deleted, Permissions and Password cannot be sent — the new user sets a password through
 * the e-mailed link, an administrator never types one.
 */
const idList = z.array(bodyIdSchema).max(50);

const usernameSchema = text({ error: 'Vul een gebruikersnaam in.' })
  .trim()
  .min(3, 'De gebruikersnaam moet minimaal 3 tekens zijn.')
  .max(64, 'De gebruikersnaam mag maximaal 64 tekens zijn.')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Gebruik alleen letters, cijfers en . _ @ - in de gebruikersnaam.');

const periodInputSchema = z
  .strictObject({
    Start: dateTimeInputSchema.nullable().optional(),
    End: dateTimeInputSchema.nullable().optional(),
  })
  .refine((p) => !p.Start || !p.End || Date.parse(p.End) >= Date.parse(p.Start), {
    message: 'De einddatum moet na de begindatum liggen.',
    path: ['End'],
  });

const subscriptionInputSchema = z.strictObject({
  ProductId: bodyIdSchema,
  Start: dateTimeInputSchema.nullable().optional(),
  End: dateTimeInputSchema.nullable().optional(),
});

const accountFields = {
  Username: usernameSchema,
  EmailAddress: emailListSchema,
  EmployeeNumber: text()
    .trim()
    .max(50, 'Het personeelsnummer mag maximaal 50 tekens zijn.')
    .nullable()
    .optional(),
  RoleIds: idList,
  TeamIds: idList,
  GroupsSendTo: idList,
  GroupsReceivesFrom: idList,
  AccountSubscription: z.array(subscriptionInputSchema).max(10),
  AccountActivePeriod: periodInputSchema.nullable().optional(),
};

export const accountLinkBodySchema = z.strictObject({
  ...accountFields,
  RoleIds: idList.default([]),
  TeamIds: idList.default([]),
  GroupsSendTo: idList.default([]),
  GroupsReceivesFrom: idList.default([]),
  /** Default: the portal product (spec: product id 1), so the new user can log in. */
  AccountSubscription: accountFields.AccountSubscription.default([{ ProductId: PRODUCT_ID }]),
});
export type AccountLinkBody = z.infer<typeof accountLinkBodySchema>;

/** Every field optional: only what is sent changes. Active=false deactivates (revokes sessions). */
export const accountUpdateBodySchema = z.strictObject({
  Username: usernameSchema.optional(),
  EmailAddress: emailListSchema.optional(),
  EmployeeNumber: accountFields.EmployeeNumber,
  RoleIds: idList.optional(),
  TeamIds: idList.optional(),
  GroupsSendTo: idList.optional(),
  GroupsReceivesFrom: idList.optional(),
  AccountSubscription: accountFields.AccountSubscription.optional(),
  AccountActivePeriod: accountFields.AccountActivePeriod,
  Active: z.boolean().optional(),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;
