import { describe, expect, it } from 'vitest';
import { checkPersonForm, EMPTY_PERSON_FORM, personFormToBody, personToForm } from './person-form.ts';

const filled = { ...EMPTY_PERSON_FORM, firstNames: 'Jan Willem', prefix: 'van der', lastName: 'Berg' };

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
    const check = checkPersonForm({
      ...filled,
      partnerPrefix: 'de',
      partnerLastName: 'Jong',
      dateOfBirth: '1950-03-01',
    });
    expect(check.ok).toBe(true);
    if (check.ok)
      expect(check.body.NameInformation.LastNamePartner).toEqual({ Prefix: 'de', LastName: 'Jong' });
  });

  it('keys the Dutch messages by the body path, like the server Fields', () => {
    const check = checkPersonForm({ ...EMPTY_PERSON_FORM, partnerPrefix: 'de', dateOfBirth: '2999-01-01' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({
      'NameInformation.FirstNames': 'Vul de voornamen in.',
      'NameInformation.LastName.LastName': 'Vul de achternaam in.',
      'NameInformation.LastNamePartner.LastName': 'Vul de achternaam in.',
      DateOfBirth: 'De geboortedatum mag niet in de toekomst liggen.',
    });
  });

  it('refuses an impossible date', () => {
    const check = checkPersonForm({ ...filled, dateOfBirth: '2001-02-30' });
    expect(check.ok ? {} : check.errors).toHaveProperty('DateOfBirth');
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
      firstNames: 'Els',
      lastName: 'Bos',
      dateOfBirth: '1980-12-31',
      customerName: 'De Berk',
    });
  });
});
