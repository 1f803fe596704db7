import { profileUpdateSchema, type Profile, type ProfileUpdate } from '@zorgportaal/contract';
import { z } from 'zod';

interface NameValues {
  Prefix: string;
  LastName: string;
}

/** The profile form as typed, in the shape of the PUT body (messages and server Fields share paths). */
export interface ProfileFormValues {
  NameInformation: { FirstNames: string; LastName: NameValues; LastNamePartner: NameValues };
  /** YYYY-MM-DD, '' or the text as typed when it is no real date (see DateField). */
  DateOfBirth: string;
  EmailAddress: string[];
}

export function profileToForm(profile: Profile): ProfileFormValues {
  const name = profile.NameInformation;
  return {
    NameInformation: {
      FirstNames: name.FirstNames,
      LastName: { Prefix: name.LastName.Prefix ?? '', LastName: name.LastName.LastName },
      LastNamePartner: {
        Prefix: name.LastNamePartner?.Prefix ?? '',
        LastName: name.LastNamePartner?.LastName ?? '',
      },
    },
    DateOfBirth: profile.DateOfBirth?.slice(0, 10) ?? '',
    EmailAddress: profile.EmailAddress.length > 0 ? profile.EmailAddress : [''],
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/** The PUT body; a partner name only when one of its inputs is filled, only an empty date is "none". */
export function profileFormToBody(values: ProfileFormValues) {
  const name = values.NameInformation;
  const partner = name.LastNamePartner;
  const hasPartner = partner.Prefix.trim() !== '' || partner.LastName.trim() !== '';
  return {
    NameInformation: {
      FirstNames: name.FirstNames,
      LastName: { Prefix: orNull(name.LastName.Prefix), LastName: name.LastName.LastName },
      LastNamePartner: hasPartner ? { Prefix: orNull(partner.Prefix), LastName: partner.LastName } : null,
    },
    DateOfBirth: orNull(values.DateOfBirth),
    EmailAddress: values.EmailAddress.map((email) => email.trim()),
  };
}

/** The form checked by the contract's profileUpdateSchema, as the server checks the PUT. */
export const profileFormSchema: z.ZodType<ProfileUpdate> = z.preprocess(
  (values) => profileFormToBody(values as ProfileFormValues),
  profileUpdateSchema,
);
