import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render.tsx';
import { CoumarinMismatchAlert } from './coumarin-mismatch-alert.tsx';

describe('CoumarinMismatchAlert', () => {
  it('names a scheme without an agreement and says the dose is not on the Toedienlijst', () => {
    render(
      <CoumarinMismatchAlert
        mismatch={{ Kind: 'schemeWithoutAgreement', SchemeDrug: 'fenprocoumon', AgreementDrugs: [] }}
        name="J. Jansen"
      />,
      { wrapper: TestProviders },
    );
    const alert = screen.getByTestId('coumarin-mismatch');
    expect(alert.textContent).toContain('Schema zonder cumarine-afspraak – J. Jansen');
    expect(alert.textContent).toContain('doseerschema Fenprocoumon 3 mg');
    expect(alert.textContent).toContain('niet op de Toedienlijst');
  });

  it('names both drugs when the scheme and the agreement differ', () => {
    render(
      <CoumarinMismatchAlert
        mismatch={{ Kind: 'drugMismatch', SchemeDrug: 'fenprocoumon', AgreementDrugs: ['acenocoumarol'] }}
      />,
      { wrapper: TestProviders },
    );
    const alert = screen.getByTestId('coumarin-mismatch');
    expect(alert.getAttribute('data-kind')).toBe('drugMismatch');
    expect(alert.textContent).toMatch(/doseerschema is voor fenprocoumon.*afspraak voor acenocoumarol/i);
  });
});
