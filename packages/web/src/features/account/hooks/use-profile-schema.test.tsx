import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import dayjs from 'dayjs';
import { profileUpdateSchema } from '@zorgportaal/contract';
import { issuesByField, useProfileSchema, type ProfileFormValues } from './use-profile-schema.ts';

const valid: ProfileFormValues = {
  firstNames: 'Willem',
  prefix: 'van den',
  lastName: 'Berg',
  partnerPrefix: '',
  partnerLastName: '',
  dateOfBirth: '01-05-1970',
  emails: ['huisarts@zorgportaal.example'],
};

const schema = () => renderHook(() => useProfileSchema()).result.current;

describe('profile form schema (Dutch messages)', () => {
  it('turns the form into the PUT body the contract accepts', () => {
    const result = schema().parse({ ...valid, partnerPrefix: 'de', partnerLastName: 'Groot' });
    expect(result).toEqual({
      NameInformation: {
        FirstNames: 'Willem',
        LastName: { Prefix: 'van den', LastName: 'Berg' },
        LastNamePartner: { Prefix: 'de', LastName: 'Groot' },
      },
      DateOfBirth: '1970-05-01',
      EmailAddress: ['huisarts@zorgportaal.example'],
    });
    expect(profileUpdateSchema.safeParse(result).success).toBe(true);
    expect(schema().parse({ ...valid, prefix: '', dateOfBirth: '' })).toMatchObject({
      NameInformation: { LastName: { Prefix: null }, LastNamePartner: null },
      DateOfBirth: null,
    });
  });

  it('refuses a date of birth in the future', () => {
    const tomorrow = dayjs().add(1, 'day').format('DD-MM-YYYY');
    const result = schema().safeParse({ ...valid, dateOfBirth: tomorrow });
    expect(result.success).toBe(false);
    expect(issuesByField(result.error!)).toEqual({
      dateOfBirth: 'De geboortedatum mag niet in de toekomst liggen.',
    });
    expect(schema().safeParse({ ...valid, dateOfBirth: dayjs().format('D-M-YYYY') }).success).toBe(true);
  });

  it('names each problem in Dutch, per field', () => {
    const result = schema().safeParse({
      ...valid,
      firstNames: ' ',
      partnerPrefix: 'de',
      dateOfBirth: '30-02-2001',
      emails: ['geen-adres', 'a@b.nl'],
    });
    expect(issuesByField(result.error!)).toEqual({
      firstNames: 'Dit veld is verplicht.',
      dateOfBirth: 'Vul een geldige datum in (DD-MM-JJJJ).',
      'emails.0': 'Vul een geldig e-mailadres in.',
      partnerLastName: 'Vul ook de achternaam van de partner in.',
    });
    const duplicates = schema().safeParse({ ...valid, emails: ['a@b.nl', 'A@b.nl'] });
    expect(issuesByField(duplicates.error!)).toEqual({
      emails: 'Elk e-mailadres mag maar één keer voorkomen.',
    });
    expect(issuesByField(schema().safeParse({ ...valid, emails: [] }).error!)).toEqual({
      emails: 'Vul minimaal één e-mailadres in.',
    });
  });
});
