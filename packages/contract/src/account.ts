import { z } from 'zod';
import { personSchema } from './person.ts';

export const permissionRefSchema = z.object({ name: z.string() });
export const namedRefSchema = z.object({ Id: z.number().int(), Name: z.string() });

export const activePeriodSchema = z.object({
  Start: z.string().nullable(),
  End: z.string().nullable(),
});

export const subscriptionSchema = z.object({
  ProductId: z.number().int(),
  Start: z.string().nullable(),
  End: z.string().nullable(),
});

/** Account as the spec names its fields (§3). `Password` is always the masked placeholder. */
export const accountSchema = z.object({
  Id: z.number().int(),
  Username: z.string(),
  Password: z.string(),
  Person: personSchema.nullable(),
  Active: z.boolean(),
  AccountActivePeriod: activePeriodSchema.nullable(),
  Deleted: z.boolean(),
  Teams: z.array(namedRefSchema),
  Roles: z.array(namedRefSchema),
  AccountSubscription: z.array(subscriptionSchema),
  UserVersions: z.array(z.object({ Version: z.string(), SeenAt: z.string() })),
  GroupsSendTo: z.array(namedRefSchema),
  GroupsReceivesFrom: z.array(namedRefSchema),
  LastLogin: z.string().nullable(),
  EmailAddress: z.array(z.string()),
  EmployeeNumber: z.string().nullable(),
  Permissions: z.array(permissionRefSchema),
});
export type Account = z.infer<typeof accountSchema>;
