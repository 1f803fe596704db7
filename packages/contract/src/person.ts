import { z } from 'zod';

export const lastNameSchema = z.object({
  Prefix: z.string().max(20).nullable().default(null),
  LastName: z.string().min(1).max(100),
});

export const nameInformationSchema = z.object({
  FirstNames: z.string().min(1).max(100),
  LastName: lastNameSchema,
  LastNamePartner: lastNameSchema.nullable().optional(),
});
export type NameInformation = z.infer<typeof nameInformationSchema>;

/** The same shape as a request sends it: text fields without control characters. */

/** Person as the spec names its fields (§3). DateOfBirth is an ISO date (YYYY-MM-DD). */
export const personSchema = z.object({
  Id: z.number().int(),
  Deleted: z.boolean(),
  NameInformation: nameInformationSchema,
  DateOfBirth: z.string().nullable(),
  CustomerName: z.string().nullable(),
  Entity: z.number().int(),
  Avatar: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** Spec §3: the screen name is first names, then the optional prefix, then the last name. */
export function screenName(name: NameInformation): string {
  return [name.FirstNames, name.LastName.Prefix, name.LastName.LastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
