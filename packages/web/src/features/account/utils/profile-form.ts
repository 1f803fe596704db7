import { profileUpdateSchema, type Profile, type ProfileUpdate } from '@zorgportaal/contract';
import { z } from 'zod';
import { nameFormToBody, nameToForm, orNull, type NameFormValues } from '../../../lib/name-form.ts';

/** The profile form as typed, in the shape of the PUT body (messages and server Fields share paths). */
export interface ProfileFormValues {
  NameInformation: NameFormValues;
  /** YYYY-MM-DD, '' or the text as typed when it is no real date (see DateField). */
  DateOfBirth: string;
  EmailAddress: string[];
}

export function profileToForm(profile: Profile): ProfileFormValues {
  return {
    NameInformation: nameToForm(profile.NameInformation),
    DateOfBirth: profile.DateOfBirth?.slice(0, 10) ?? '',
    EmailAddress: profile.EmailAddress.length > 0 ? profile.EmailAddress : [''],
  };
}

/** The PUT body; a partner name only when one of its inputs is filled, only an empty date is "none". */
export function profileFormToBody(values: ProfileFormValues) {
  return {
    NameInformation: nameFormToBody(values.NameInformation),
    DateOfBirth: orNull(values.DateOfBirth),
    EmailAddress: values.EmailAddress.map((email) => email.trim()),
  };
}

/** The form checked by the contract's profileUpdateSchema, as the server checks the PUT. */
export const profileFormSchema: z.ZodType<ProfileUpdate> = z.preprocess(
  (values) => profileFormToBody(values as ProfileFormValues),
  profileUpdateSchema,
);

/** The same set of addresses as the server compares them (trimmed, case-insensitive, blanks ignored). */
export function sameAddresses(a: string[], b: string[]): boolean {
  const norm = (list: string[]) =>
    [...new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean))].sort().join('\n');
  return norm(a) === norm(b);
}
