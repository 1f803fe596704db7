import type { NameInformation } from '@zorgportaal/contract';

interface NameValues {
  Prefix: string;
  LastName: string;
}

/** A person's name as the name inputs hold it: one string per input, the partner's name always there. */
export interface NameFormValues {
  FirstNames: string;
  LastName: NameValues;
  LastNamePartner: NameValues;
}

export const EMPTY_NAME_FORM: NameFormValues = {
  FirstNames: '',
  LastName: { Prefix: '', LastName: '' },
  LastNamePartner: { Prefix: '', LastName: '' },
};

/** '' (or only spaces) is "none". */
export const orNull = (value: string) => (value.trim() === '' ? null : value);

export function nameToForm(name: NameInformation): NameFormValues {
  return {
    FirstNames: name.FirstNames,
    LastName: { Prefix: name.LastName.Prefix ?? '', LastName: name.LastName.LastName },
    LastNamePartner: {
      Prefix: name.LastNamePartner?.Prefix ?? '',
      LastName: name.LastNamePartner?.LastName ?? '',
    },
  };
}

/** The name in a request body; a partner name only when one of its inputs is filled. */
export function nameFormToBody(name: NameFormValues) {
  const partner = name.LastNamePartner;
  const hasPartner = partner.Prefix.trim() !== '' || partner.LastName.trim() !== '';
  return {
    FirstNames: name.FirstNames,
    LastName: { Prefix: orNull(name.LastName.Prefix), LastName: name.LastName.LastName },
    LastNamePartner: hasPartner ? { Prefix: orNull(partner.Prefix), LastName: partner.LastName } : null,
  };
}
