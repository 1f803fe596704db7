import { describe, expect, it } from 'vitest';
import { isCalendarDate, isCalendarDateTime } from './dates.ts';
import {
  administrationListQuerySchema,
  agreementCreateBodySchema,
  personBodySchema,
  profileUpdateSchema,
  registrationBodySchema,
  resultsQuerySchema,
} from './index.ts';

const name = { FirstNames: 'Els', LastName: { Prefix: null, LastName: 'Bos' } };

describe('calendar dates in the contract', () => {
  it('knows real dates from impossible ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-02-31')).toBe(false);
    expect(isCalendarDate('2023-04-31')).toBe(false);
    expect(isCalendarDateTime('2023-02-28T08:00:00Z')).toBe(true);
    expect(isCalendarDateTime('2023-02-31T08:00:00Z')).toBe(false);
  });

  it('refuses 2023-02-31 in every date field of a body or query', () => {
    const bad = '2023-02-31';
    expect(personBodySchema.safeParse({ NameInformation: name, DateOfBirth: bad }).success).toBe(false);
    expect(
      profileUpdateSchema.safeParse({ NameInformation: name, DateOfBirth: bad, EmailAddress: ['a@b.nl'] })
        .success,
    ).toBe(false);
    expect(resultsQuerySchema.safeParse({ from: bad }).success).toBe(false);
    expect(administrationListQuerySchema.safeParse({ date: bad }).success).toBe(false);
    expect(
      registrationBodySchema
        .safeParse({ AgreementId: 1, ScheduledAt: `${bad}T08:00:00Z`, Status: 'given' })
        .error?.issues.some((issue) => issue.path[0] === 'ScheduledAt'),
    ).toBe(true);
    expect(
      agreementCreateBodySchema
        .safeParse({ End: bad })
        .error?.issues.some((issue) => issue.path[0] === 'End'),
    ).toBe(true);
  });

  it('refuses a Dutch-typed date (DD-MM-YYYY) instead of reading it as no date', () => {
    const parsed = personBodySchema.safeParse({ NameInformation: name, DateOfBirth: '31-02-1949' });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['DateOfBirth'],
      message: 'Vul een bestaande datum in.',
    });
  });
});
