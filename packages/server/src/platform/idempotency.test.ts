import { describe, expect, it } from 'vitest';
import { type KeyedRequest, outcomeOf, requestHash } from './idempotency.ts';

/** The rule of platform/idempotency.ts; the API tests are in areas/administration/test/idempotency.test.ts. */
describe('idempotency: the rule', () => {
  const request: KeyedRequest = {
    accountId: 4,
    key: '0b7f4f0e-8a4c-4d55-9a1e-3f1f5b2a6c01',
    route: 'POST /api/administration/registration',
    requestHash: requestHash({ params: {}, identity: { AgreementId: 7, Status: 'given' } }),
  };

  it('nothing stored: the first request', () => {
    expect(outcomeOf(undefined, request)).toBe('first');
  });

  it('the same key with the same request: the stored answer again', () => {
    expect(outcomeOf({ ...request }, request)).toBe('replay');
  });

  it('the same key with another body or on another route: refused', () => {
    const otherBody = requestHash({ params: {}, identity: { AgreementId: 7, Status: 'refused' } });
    expect(outcomeOf({ ...request, requestHash: otherBody }, request)).toBe('other_request');
    expect(
      outcomeOf({ ...request, route: 'POST /api/administration/registration/:id/doublecheck' }, request),
    ).toBe('other_request');
  });

  it("another account's key is not this account's, even when it is the same UUID and request", () => {
    expect(outcomeOf({ ...request, accountId: 5 }, request)).toBe('first');
    expect(outcomeOf({ ...request, key: '0b7f4f0e-8a4c-4d55-9a1e-3f1f5b2a6c02' }, request)).toBe('first');
  });

  it('the hash is of the content: key order and undefined members do not matter, every value does', () => {
    const a = requestHash({ params: { id: 3 }, identity: { Note: 'x', Status: 'given', Extra: undefined } });
    expect(requestHash({ identity: { Status: 'given', Note: 'x' }, params: { id: 3 } })).toBe(a);
    expect(requestHash({ params: { id: 4 }, identity: { Note: 'x', Status: 'given' } })).not.toBe(a);
    expect(requestHash({ params: { id: 3 }, identity: { Note: 'y', Status: 'given' } })).not.toBe(a);
    expect(requestHash({ params: { id: 3 }, identity: { Note: null, Status: 'given' } })).not.toBe(
      requestHash({ params: { id: 3 }, identity: { Status: 'given' } }),
    );
  });
});
