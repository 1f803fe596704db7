import { describe, expect, it } from 'vitest';
import { contractResolver } from '../../../lib/form.ts';
import { EMPTY_PERSON_FORM, personFormSchema, personFormToBody, personToForm } from './person-form.ts';
import type { PersonFormValues } from './person-form.ts';

const filled: PersonFormValues = {
  ...EMPTY_PERSON_FORM,
  NameInformation: {
    ...EMPTY_PERSON_FORM.NameInformation,
    FirstNames: 'Jan Willem',
    LastName: { Prefix: 'van der', LastName: 'Berg' },
  },
};
const validate = contractResolver(personFormSchema);

describe('the person form and the contract schema', () => {
  it('builds the body: empty prefix, date and customer name become null, no partner without partner input', () => {
    expect(personFormToBody(filled)).toEqual({
      NameInformation: {
        FirstNames: 'Jan Willem',
        LastName: { Prefix: 'van der', LastName: 'Berg' },
        LastNamePartner: null,
      },
      DateOfBirth: null,
      CustomerName: null,
      Avatar: null,
    });
  });

  it('accepts a complete form, with the partner name', () => {
    const values = {
      ...filled,
      NameInformation: { ...filled.NameInformation, LastNamePartner: { Prefix: 'de', LastName: 'Jong' } },
      DateOfBirth: '1950-03-01',
    };
    expect(validate(values)).toEqual({});
    const body = personFormSchema.parse(values);
    expect(body.NameInformation.LastNamePartner).toEqual({ Prefix: 'de', LastName: 'Jong' });
    expect(body.DateOfBirth).toBe('1950-03-01');
  });

  it('keys the Dutch messages by the input path, which is the body path of the server Fields', () => {
    const errors = validate({
      ...EMPTY_PERSON_FORM,
      NameInformation: {
        ...EMPTY_PERSON_FORM.NameInformation,
        LastNamePartner: { Prefix: 'de', LastName: '' },
      },
      DateOfBirth: '2999-01-01',
    });
    expect(errors).toMatchObject({
      'NameInformation.FirstNames': 'Vul de voornamen in.',
      'NameInformation.LastName.LastName': 'Vul de achternaam in.',
      'NameInformation.LastNamePartner.LastName': 'Vul de achternaam in.',
      DateOfBirth: 'De geboortedatum mag niet in de toekomst liggen.',
    });
  });

  it('refuses an impossible date as typed or as ISO, instead of sending "no date"', () => {
    expect(validate({ ...filled, DateOfBirth: '31-02-1949' })).toHaveProperty('DateOfBirth');
    expect(validate({ ...filled, DateOfBirth: '1949-02-31' })).toHaveProperty('DateOfBirth');
    expect(personFormSchema.safeParse({ ...filled, DateOfBirth: '31-02-1949' }).success).toBe(false);
  });

  it('turns a stored person back into the form', () => {
    const form = personToForm({
      Id: 4,
      Deleted: false,
      Entity: 1,
      Avatar: null,
      CustomerName: 'De Berk',
      DateOfBirth: '1980-12-31',
      NameInformation: {
        FirstNames: 'Els',
        LastName: { Prefix: null, LastName: 'Bos' },
        LastNamePartner: null,
      },
    });
    expect(form).toEqual({
      ...EMPTY_PERSON_FORM,
      NameInformation: {
        ...EMPTY_PERSON_FORM.NameInformation,
        FirstNames: 'Els',
        LastName: { Prefix: '', LastName: 'Bos' },
      },
      DateOfBirth: '1980-12-31',
      CustomerName: 'De Berk',
    });
  });
});
