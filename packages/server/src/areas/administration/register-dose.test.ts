import {
  ADMINISTERED_AT_MAX_AGE_HOURS,
  IDEMPOTENCY_KEY_RETENTION_DAYS,
  registrationBodySchema,
} from '@zorgportaal/contract';
import { describe, expect, it } from 'vitest';
import { requestHash } from '../../platform/idempotency.ts';
import { registrationIdentity } from './register-dose.ts';

describe('registering once', () => {
  const body = (password: string, totp: string | null) =>
    registrationBodySchema.parse({
      AgreementId: 7,
      ScheduledAt: '2026-11-25T07:00:00.000Z',
      Status: 'given',
      DoubleCheck: { Username: 'collega', Password: password, Totp: totp },
    });

  it("identifies a bedside check by the colleague's username, never by the password or code", () => {
    const identity = registrationIdentity(body('geheim-1', '123456'));
    expect(JSON.stringify(identity)).not.toMatch(/geheim|123456/);
    expect(requestHash(identity)).toBe(requestHash(registrationIdentity(body('geheim-2', null))));
    expect(requestHash(identity)).not.toBe(
      requestHash(registrationIdentity({ ...body('geheim-1', null), DoubleCheck: undefined })),
    );
  });

  it('refuses a tap time before a key could be forgotten: a resent registration never registers twice', () => {
    expect(ADMINISTERED_AT_MAX_AGE_HOURS).toBeLessThan(IDEMPOTENCY_KEY_RETENTION_DAYS * 24);
  });
});
