import { describe, expect, it } from 'vitest';
import { initialLoginState, loginReducer, type LoginState } from './login-state.ts';

describe('login state machine (spec §4)', () => {
  it('moves DEFAULT → 2FA with the account id and the twofa_uuid, and back to DEFAULT on success', () => {
    let state: LoginState = loginReducer(initialLoginState, { type: 'submit' });
    expect(state).toMatchObject({ step: 'DEFAULT', loading: true });
    state = loginReducer(state, { type: 'step', step: '2FA', accountId: 42, twofaUuid: 'u-1' });
    expect(state).toEqual({ step: '2FA', loading: false, accountId: 42, twofaUuid: 'u-1' });
    state = loginReducer(loginReducer(state, { type: 'submit' }), { type: 'failure' });
    expect(state).toEqual({ step: '2FA', loading: false, accountId: 42, twofaUuid: 'u-1' });
    expect(loginReducer(state, { type: 'success' })).toEqual(initialLoginState);
  });

  it('moves to PASSWORD_CHANGE and back with reset', () => {
    const state = loginReducer(initialLoginState, {
      type: 'step',
      step: 'PASSWORD_CHANGE',
      accountId: 9,
      twofaUuid: null,
    });
    expect(state).toMatchObject({ step: 'PASSWORD_CHANGE', accountId: 9 });
    expect(loginReducer(state, { type: 'reset' })).toEqual(initialLoginState);
  });
});
