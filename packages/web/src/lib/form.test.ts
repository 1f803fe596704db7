import { passwordLoginFormSchema, totpCodeFormSchema } from '@zorgportaal/contract';
import { describe, expect, it } from 'vitest';
import { contractResolver } from './form.ts';

describe('contractResolver (forms checked by the contract schema)', () => {
  it('gives the contract message per path, or the translated one when the form has it', () => {
    expect(contractResolver(passwordLoginFormSchema)({ username: ' ', password: '' })).toEqual({
      username: 'Vul uw gebruikersnaam in.',
      password: 'Vul uw wachtwoord in.',
    });
    expect(
      contractResolver(passwordLoginFormSchema, { password: 'Enter your password.' })({
        username: 'beheerder',
        password: '',
      }),
    ).toEqual({ password: 'Enter your password.' });
    expect(contractResolver(passwordLoginFormSchema)({ username: 'beheerder', password: 'x' })).toEqual({});
  });

  it('reads a TOTP code typed with spaces, and refuses anything but six digits', () => {
    expect(totpCodeFormSchema.parse({ totp: '123 456' })).toEqual({ totp: '123456' });
    expect(contractResolver(totpCodeFormSchema)({ totp: '12345' })).toHaveProperty('totp');
    expect(contractResolver(totpCodeFormSchema)({ totp: 'abcdef' })).toHaveProperty('totp');
  });
});
