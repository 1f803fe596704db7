import { personBodySchema, type Person, type PersonBody, type PersonBodyInput } from '@zorgportaal/contract';
import { issuesByPath } from '../../../lib/error-message.ts';

/** The person form as typed: one string per input (and the avatar as a data URL). */
export interface PersonFormValues {
  firstNames: string;
  prefix: string;
  lastName: string;
  partnerPrefix: string;
  partnerLastName: string;
  /** YYYY-MM-DD (the date input's value) or ''. */
  dateOfBirth: string;
  customerName: string;
  avatar: string | null;
}

export const EMPTY_PERSON_FORM: PersonFormValues = {
  firstNames: '',
  prefix: '',
  lastName: '',
  partnerPrefix: '',
  partnerLastName: '',
  dateOfBirth: '',
  customerName: '',
  avatar: null,
};

export function personToForm(person: Person): PersonFormValues {
  const name = person.NameInformation;
  return {
    firstNames: name.FirstNames,
    prefix: name.LastName.Prefix ?? '',
    lastName: name.LastName.LastName,
    partnerPrefix: name.LastNamePartner?.Prefix ?? '',
    partnerLastName: name.LastNamePartner?.LastName ?? '',
    dateOfBirth: person.DateOfBirth?.slice(0, 10) ?? '',
    customerName: person.CustomerName ?? '',
    avatar: person.Avatar,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/** The POST/PUT body of the form; a partner name only when one of its inputs is filled. */
export function personFormToBody(values: PersonFormValues): PersonBodyInput {
  const hasPartner = values.partnerPrefix.trim() !== '' || values.partnerLastName.trim() !== '';
  return {
    NameInformation: {
      FirstNames: values.firstNames,
      LastName: { Prefix: orNull(values.prefix), LastName: values.lastName },
      LastNamePartner: hasPartner
        ? { Prefix: orNull(values.partnerPrefix), LastName: values.partnerLastName }
        : null,
    },
    DateOfBirth: orNull(values.dateOfBirth),
    CustomerName: orNull(values.customerName),
    Avatar: values.avatar,
  };
}

export type FormCheck<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the contract's personBodySchema: the very schema the server validates with,
 * so client and server give the same (Dutch) messages. Errors are keyed by the body's dotted path,
 * exactly like the `Fields` of a server 400, so both land under the same input.
 */
export function checkPersonForm(values: PersonFormValues): FormCheck<PersonBody> {
  const parsed = personBodySchema.safeParse(personFormToBody(values));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: issuesByPath(parsed.error.issues) };
}
