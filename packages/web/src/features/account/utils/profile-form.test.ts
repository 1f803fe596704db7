import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { contractResolver } from '../../../lib/form.ts';
import { profileFormSchema, profileToForm, type ProfileFormValues } from './profile-form.ts';

const valid: ProfileFormValues = profileToForm({
  PersonId: 21,
  NameInformation: {
    FirstNames: 'Willem',
    LastName: { Prefix: 'van den', LastName: 'Berg' },
    LastNamePartner: null,
  },
  DateOfBirth: '1970-05-01',
  EmailAddress: ['huisarts@zorgportaal.example'],
  Avatar: null,
});
const validate = contractResolver(profileFormSchema);

describe('profile form (the contract profileUpdateSchema, Dutch messages)', () => {
  it('turns the form into the PUT body', () => {
    expect(profileFormSchema.parse(valid)).toEqual({
      NameInformation: {
        FirstNames: 'Willem',
        LastName: { Prefix: 'van den', LastName: 'Berg' },
        LastNamePartner: null,
      },
      DateOfBirth: '1970-05-01',
      EmailAddress: ['huisarts@zorgportaal.example'],
    });
    expect(profileFormSchema.parse({ ...valid, DateOfBirth: '' }).DateOfBirth).toBeNull();
  });

  it('refuses an impossible, a future and a pre-1900 date of birth', () => {
    expect(validate({ ...valid, DateOfBirth: '31-02-1949' })).toEqual({
      DateOfBirth: 'Vul een bestaande datum in.',
    });
    const tomorrow = dayjs().add(2, 'day').format('YYYY-MM-DD');
    expect(validate({ ...valid, DateOfBirth: tomorrow })).toEqual({
      DateOfBirth: 'De geboortedatum mag niet in de toekomst liggen.',
    });
    expect(validate({ ...valid, DateOfBirth: '1899-12-31' })).toHaveProperty('DateOfBirth');
  });

  it('keys name and e-mail messages by the body path the server uses', () => {
    const errors = validate({
      ...valid,
      NameInformation: {
        FirstNames: ' ',
        LastName: { Prefix: '', LastName: 'Berg' },
        LastNamePartner: { Prefix: 'de', LastName: '' },
      },
      EmailAddress: ['huisarts@zorgportaal.example', 'geen-adres'],
    });
    expect(errors).toEqual({
      'NameInformation.FirstNames': 'Vul de voornamen in.',
      'NameInformation.LastNamePartner.LastName': 'Vul de achternaam in.',
      'EmailAddress.1': 'Vul een geldig e-mailadres in.',
    });
    expect(validate({ ...valid, EmailAddress: [] })).toEqual({
      EmailAddress: 'Vul minimaal één e-mailadres in.',
    });
  });
});
