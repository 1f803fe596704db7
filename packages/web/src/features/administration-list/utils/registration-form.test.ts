import { describe, expect, it } from 'vitest';
import type { PlannedMoment } from '@zorgportaal/contract';
import {
  registrationFormResolver,
  registrationInput,
  type RegistrationFormValues,
} from './registration-body.ts';

const moment = {
  AgreementId: 4,
  ScheduledAt: '2026-03-10T07:00:00.000Z',
  AsNeeded: false,
  Dose: 1,
  DoseUnit: 'tablet',
} as PlannedMoment;

const messages = { status: 'status?', reason: 'reden?', text: 'toelichting?' };
const validate = registrationFormResolver(moment, null, messages);
const empty: RegistrationFormValues = { status: null, reason: null, text: '', quantity: '', note: '' };

describe('the deviation dialog, checked by the registration body schema', () => {
  it('asks what happened first', () => {
    expect(validate(empty)).toEqual({ status: 'status?' });
  });

  it('asks a reason for a deviation, and an explanation for "other" (spaces do not count)', () => {
    expect(validate({ ...empty, status: 'not_given' })).toEqual({ reason: 'reden?' });
    expect(validate({ ...empty, status: 'not_given', reason: 'other', text: '  ' })).toEqual({
      text: 'toelichting?',
    });
    expect(validate({ ...empty, status: 'not_given', reason: 'other', text: 'Slikte niet' })).toEqual({});
  });

  it('needs no reason when the dose was given', () => {
    expect(validate({ ...empty, status: 'given' })).toEqual({});
  });

  it('registers a quantity only for a partial dose and a reason only for a deviation', () => {
    expect(registrationInput({ ...empty, status: 'partial', reason: 'refused', quantity: 0.5 }, 8)).toEqual({
      status: 'partial',
      reason: 'refused',
      text: null,
      quantity: 0.5,
      note: '',
      correctsId: 8,
    });
    expect(
      registrationInput({ ...empty, status: 'given', reason: 'refused', quantity: 0.5 }, null),
    ).toMatchObject({
      reason: null,
      quantity: null,
    });
  });
});
