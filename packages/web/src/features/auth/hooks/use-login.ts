import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deriveEntityType, homePathFor, loginOutcome } from '@zorgportaal/contract';
import { ApiRequestError, fieldErrors, genericErrorMessage } from '../../../lib/api-errors.ts';
import type { NewPasswordErrors } from '../../../lib/password-policy.ts';
import { clearSession, setEntityType, storeTokens } from '../../../lib/session.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { changePasswordAtLogin } from '../api/change-password.ts';
import { clearQueryCache, seedQueryCache } from '../../../lib/query-cache.ts';
import { usePageNavigation } from '../../../lib/page-navigation.tsx';
import { getEntitySettings } from '../api/entity-settings-request.ts';
import { authKeys } from '../api/query-keys.ts';
import { requestToken, type PasswordCredentials } from '../api/request-token.ts';
import { requestTwofaChallenge } from '../api/request-twofa-challenge.ts';
import { loginErrorMessage } from '../utils/login-error-message.ts';
import { initialLoginState, loginReducer } from './login-state.ts';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** Where to go after login: the kept origin (spec §2), else the entity type's home page. */
function targetAfterLogin(state: unknown, entityType: string): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || ['/', '/login', '/logout'].includes(from.pathname)) return homePathFor(entityType);
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

type LoginFailureBody = { Action?: string; account_id?: number } | undefined;

/**
 * The login flow (spec §4, §8). The password typed in step DEFAULT stays in this hook's memory
 * (never in storage) while a 2FA or PASSWORD_CHANGE step needs it, and is dropped afterwards.
 */
export function useLogin() {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const credentials = useRef<{ username: string; password: string } | null>(null);
  /** The username typed in step DEFAULT, for the policy hint of step PASSWORD_CHANGE. */
  const [username, setUsername] = useState<string | null>(null);
  const { navigate, state: locationState } = usePageNavigation();
  const { t } = useTranslation();

  /** Catalogue message of a failed call: its status for an HTTP answer, else the generic failure. */
  const catalogueMessage = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return genericErrorMessage(t, error);
    const outcome = loginOutcome(error.status);
    return loginErrorMessage(t, outcome.kind === 'error' ? outcome.code : 'ERROR');
  };

  /** 2FA needs a challenge first: POST /oauth/2fa with the same form gives the twofa_uuid. */
  const enterTwoFactor = async (accountId: number | null) => {
    const { username, password } = credentials.current ?? { username: '', password: '' };
    try {
      const twofaUuid = await requestTwofaChallenge(username, password);
      dispatch({ type: 'step', step: '2FA', accountId, twofaUuid });
    } catch (error) {
      clearSession();
      toastError(catalogueMessage(error));
      dispatch({ type: 'failure' });
    }
  };

  /** Handles a failed attempt; returns the code field's error when the 2FA code was wrong. */
  const fail = async (error: unknown, settingsStep: boolean): Promise<string | undefined> => {
    clearSession();
    if (error instanceof ApiRequestError && !settingsStep) {
      const body = error.body as LoginFailureBody;
      const outcome = loginOutcome(error.status, body?.Action);
      if (outcome.kind === 'step') {
        const accountId = body?.account_id ?? null;
        if (outcome.step === '2FA') {
          await enterTwoFactor(accountId);
          return undefined;
        }
        dispatch({ type: 'step', step: outcome.step, accountId, twofaUuid: null });
        return undefined;
      }
      if (outcome.code === '2FA_INVALID') {
        // A wrong code is the code field's error (the form clears and focuses it), not a passing toast.
        dispatch({ type: 'failure' });
        return loginErrorMessage(t, outcome.code);
      }
      toastError(loginErrorMessage(t, outcome.code));
    } else {
      toastError(
        error instanceof ApiRequestError ? loginErrorMessage(t, 'ERROR') : genericErrorMessage(t, error),
      );
    }
    dispatch({ type: 'failure' });
    return undefined;
  };

  const attempt = async (attemptCredentials: PasswordCredentials): Promise<string | undefined> => {
    dispatch({ type: 'submit' });
    await clearQueryCache();
    let settingsStep = false;
    try {
      storeTokens(await requestToken(attemptCredentials));
      settingsStep = true;
      const settings = await getEntitySettings();
      const entityType = deriveEntityType(settings);
      setEntityType(entityType);
      await seedQueryCache(authKeys.entitySettings(), settings);
      credentials.current = null;
      // Navigate first: the form keeps its loading state until the next page is there.
      await navigate(targetAfterLogin(locationState, entityType), { replace: true });
      dispatch({ type: 'success' });
      return undefined;
    } catch (error) {
      return fail(error, settingsStep);
    }
  };

  /** Step PASSWORD_CHANGE: set the new password with the one just typed, then log in with it. */
  const changePassword = async (
    password: string,
    confirmation: string,
  ): Promise<NewPasswordErrors | undefined> => {
    const current = credentials.current;
    if (!current || state.accountId === null) {
      dispatch({ type: 'reset' });
      return undefined;
    }
    dispatch({ type: 'submit' });
    try {
      await changePasswordAtLogin({
        account_id: state.accountId,
        current_password: current.password,
        password,
        password_confirmation: confirmation,
      });
    } catch (error) {
      clearSession();
      if (error instanceof ApiRequestError && error.status === 422) {
        // The server names the field (a common password, a mismatch): shown there and in the toast.
        const fields = fieldErrors(error);
        toastError(fields.password ?? fields.password_confirmation ?? error.message);
        dispatch({ type: 'failure' });
        return { password: fields.password, password_confirmation: fields.password_confirmation };
      }
      toastError(catalogueMessage(error));
      if (error instanceof ApiRequestError) {
        // The kept password no longer helps (refused or blocked): start again from DEFAULT.
        credentials.current = null;
        dispatch({ type: 'reset' });
      } else dispatch({ type: 'failure' });
      return undefined;
    }
    credentials.current = { username: current.username, password };
    toastSuccess(t('auth.passwordChange.success', 'Uw wachtwoord is gewijzigd.'));
    await attempt({ ...credentials.current });
    return undefined;
  };

  return {
    state,
    username,
    /** Step DEFAULT: username and password. */
    logIn: (name: string, password: string) => {
      credentials.current = { username: name, password };
      setUsername(name);
      return attempt({ username: name, password });
    },
    /** Step 2FA: the same form again with the code, the account id of the 403 and the twofa_uuid. */
    verifyTotp: (totp: string) =>
      attempt({
        ...(credentials.current ?? { username: '', password: '' }),
        totp,
        account_id: state.accountId ?? undefined,
        twofa_uuid: state.twofaUuid ?? undefined,
      }),
    changePassword,
    reset: () => {
      credentials.current = null;
      dispatch({ type: 'reset' });
    },
  };
}
