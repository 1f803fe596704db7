/** The login state machine (spec §4): DEFAULT, 2FA or PASSWORD_CHANGE, a loading flag and the 403's account id. */
export type LoginStep = 'DEFAULT' | '2FA' | 'PASSWORD_CHANGE';

export interface LoginState {
  step: LoginStep;
  loading: boolean;
  accountId: number | null;
  /** The 2FA challenge from POST /oauth/2fa (spec §7: twofa_uuid), sent with the code. */
  twofaUuid: string | null;
}

export type LoginEvent =
  | { type: 'submit' }
  | { type: 'success' }
  | { type: 'failure' }
  | { type: 'step'; step: Exclude<LoginStep, 'DEFAULT'>; accountId: number | null; twofaUuid: string | null }
  | { type: 'reset' };

export const initialLoginState: LoginState = {
  step: 'DEFAULT',
  loading: false,
  accountId: null,
  twofaUuid: null,
};

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'submit':
      return { ...state, loading: true };
    case 'success':
    case 'reset':
      return initialLoginState;
    case 'failure':
      return { ...state, loading: false };
    case 'step':
      return { step: event.step, loading: false, accountId: event.accountId, twofaUuid: event.twofaUuid };
  }
}
