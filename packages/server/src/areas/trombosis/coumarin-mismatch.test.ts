import { describe, expect, it } from 'vitest';
import { coumarinMismatch } from './coumarin-mismatch.ts';

describe('coumarinMismatch', () => {
  it('is null when the scheme has an agreement of its drug, or when there is neither', () => {
    expect(coumarinMismatch('acenocoumarol', ['acenocoumarol'])).toBeNull();
    expect(coumarinMismatch('fenprocoumon', ['acenocoumarol', 'fenprocoumon'])).toBeNull();
    expect(coumarinMismatch(null, [])).toBeNull();
  });

  it('flags a scheme without an active coumarin agreement', () => {
    expect(coumarinMismatch('fenprocoumon', [])).toEqual({
      Kind: 'schemeWithoutAgreement',
      SchemeDrug: 'fenprocoumon',
      AgreementDrugs: [],
    });
  });

  it('flags an agreement without a current scheme', () => {
    expect(coumarinMismatch(null, ['acenocoumarol'])?.Kind).toBe('agreementWithoutScheme');
  });

  it('flags a scheme of another coumarin than the agreement', () => {
    expect(coumarinMismatch('fenprocoumon', ['acenocoumarol', 'acenocoumarol'])).toEqual({
      Kind: 'drugMismatch',
      SchemeDrug: 'fenprocoumon',
      AgreementDrugs: ['acenocoumarol'],
    });
  });
});
