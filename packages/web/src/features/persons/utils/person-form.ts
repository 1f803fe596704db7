import { personBodySchema, type Person, type PersonBodyInput } from '@zorgportaal/contract';
import { z } from 'zod';
import {
  EMPTY_NAME_FORM,
  nameFormToBody,
  nameToForm,
  orNull,
  type NameFormValues,
} from '../../../lib/name-form.ts';

/**
 * The person form as typed, in the shape of the POST/PUT body (one string per input, the avatar as a
 * data URL), so the contract's messages and a server 400's `Fields` are keyed by the input's own path.
 */
export interface PersonFormValues {
  NameInformation: NameFormValues;
  /** YYYY-MM-DD, '' or the text as typed when it is no real date (see DateField). */
  DateOfBirth: string;
  CustomerName: string;
  Avatar: string | null;
}

export const EMPTY_PERSON_FORM: PersonFormValues = {
  NameInformation: EMPTY_NAME_FORM,
  DateOfBirth: '',
  CustomerName: '',
  Avatar: null,
};

export function personToForm(person: Person): PersonFormValues {
  return {
    NameInformation: nameToForm(person.NameInformation),
    DateOfBirth: person.DateOfBirth?.slice(0, 10) ?? '',
    CustomerName: person.CustomerName ?? '',
    Avatar: person.Avatar,
  };
}

/** The POST/PUT body of the form; a partner name only when one of its inputs is filled. */
export function personFormToBody(values: PersonFormValues): PersonBodyInput {
  return {
    NameInformation: nameFormToBody(values.NameInformation),
    // Only an empty input means "no date": typed text that is no date goes on and is refused.
    DateOfBirth: orNull(values.DateOfBirth),
    CustomerName: orNull(values.CustomerName),
    Avatar: values.Avatar,
  };
}

/**
 * The form checked by the contract's personBodySchema, the very schema the server validates with:
 * client and server give the same (Dutch) messages under the same paths. Output: the request body.
 */
export const personFormSchema = z.preprocess(
  (values) => personFormToBody(values as PersonFormValues),
  personBodySchema,
);

export type FormCheck<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };
