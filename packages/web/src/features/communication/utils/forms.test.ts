import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { emptyCompose, parsedThreadBody, validateCompose } from './forms.ts';

const t = ((key: string, fallback: string) => `${key}|${fallback}`) as unknown as TFunction;

describe('compose form', () => {
  it('names every missing field with the translated message and sends nothing', () => {
    const errors = validateCompose(t, emptyCompose());
    expect(Object.keys(errors).sort()).toEqual(['Body', 'RecipientGroupId', 'Subject']);
    expect(errors.Subject).toMatch(/^communication\.errors\.subject/);
  });

  it('turns the selects into the request body of the contract', () => {
    const values = {
      ...emptyCompose(),
      RecipientGroupId: '4',
      PatientId: '12',
      Subject: ' Vraag ',
      Body: 'Tekst',
    };
    expect(validateCompose(t, values)).toEqual({});
    expect(parsedThreadBody(values)).toEqual({
      RecipientGroupId: 4,
      PatientId: 12,
      OrderId: null,
      InrValueId: null,
      Priority: 'normal',
      Subject: 'Vraag',
      Body: 'Tekst',
    });
  });

  it('carries the order or INR value another screen opened it about, with its client', () => {
    const values = emptyCompose({ InrValueId: 33, PatientId: 5 }, 'Over een INR-waarde');
    expect(values).toMatchObject({
      InrValueId: 33,
      OrderId: null,
      PatientId: '5',
      Subject: 'Over een INR-waarde',
    });
    const body = parsedThreadBody({ ...values, RecipientGroupId: '4', Body: 'Tekst' });
    expect(body).toMatchObject({ InrValueId: 33, PatientId: 5, OrderId: null });
  });
});
