import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

const violation = (fields: { constraint?: string; message?: string }) => ({ code: '23505', ...fields });

describe('isUniqueViolation', () => {
  it('names the constraint by its name or, without one, by the message; a pattern matches every partition', () => {
    const partition = violation({ constraint: 'administrations_2026_11_moment_idx' });
    expect(isUniqueViolation(partition, /^administrations_\w+_moment_idx$/)).toBe(true);
    expect(isUniqueViolation(partition, 'administrations_moment_idx')).toBe(false);
    expect(isUniqueViolation(partition)).toBe(true);
    const byMessage = violation({
      message: 'duplicate key value violates unique constraint "administration_corrections_pkey"',
    });
    expect(isUniqueViolation(byMessage, 'administration_corrections_pkey')).toBe(true);
    expect(isUniqueViolation(byMessage, 'administration_corrections')).toBe(false);
  });

  it('looks through wrapping errors and ignores other errors', () => {
    const wrapped = new Error('Failed query', { cause: violation({ constraint: 'patients_person_idx' }) });
    expect(isUniqueViolation(wrapped, 'patients_person_idx')).toBe(true);
    expect(
      isUniqueViolation({ code: '23503', constraint: 'patients_person_idx' }, 'patients_person_idx'),
    ).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
