import { passwordLoginFormSchema, type PasswordLoginForm } from '@zorgportaal/contract';
import { contractResolver } from '../../../lib/form.ts';

/**
 * The login form's check by the contract schema. It is a lazy chunk because it carries zod (≈ 22 KB
 * compressed), which /login does not need to show: the form loads it on the first keystroke or submit.
 */
export function validateLogin(values: PasswordLoginForm, messages: Record<string, string>) {
  return contractResolver<PasswordLoginForm>(passwordLoginFormSchema, messages)(values);
}

export const parseLogin = (values: PasswordLoginForm) => passwordLoginFormSchema.parse(values);
