import { useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { deriveEntityType, homePathFor, loginOutcome } from '@zorgportaal/contract';
import { ApiRequestError, genericErrorMessage } from '../../../lib/api-errors.ts';
import { clearSession, setEntityType, storeTokens } from '../../../lib/session.ts';
import { toastError } from '../../../lib/toast.ts';
import { entitySettingsQueryOptions, getEntitySettings } from '../api/get-entity-settings.ts';
import { requestToken, type PasswordCredentials } from '../api/request-token.ts';
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

type LoginFailureBody = { Action?: string; account_id?: number; twofa_uuid?: string } | undefined;

export function useLogin() {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const credentials = useRef<PasswordCredentials | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  const fail = (error: unknown, settingsStep: boolean) => {
    clearSession();
    if (error instanceof ApiRequestError && !settingsStep) {
      const body = error.body as LoginFailureBody;
      const outcome = loginOutcome(error.status, body?.Action);
      if (outcome.kind === 'step') {
        dispatch({
          type: 'step',
          step: outcome.step,
          accountId: body?.account_id ?? null,
          twofaUuid: body?.twofa_uuid ?? null,
        });
        return;
      }
      toastError(loginErrorMessage(t, outcome.code));
    } else {
      toastError(
        error instanceof ApiRequestError ? loginErrorMessage(t, 'ERROR') : genericErrorMessage(t, error),
      );
    }
    dispatch({ type: 'failure' });
  };

  const attempt = async (attemptCredentials: PasswordCredentials) => {
    dispatch({ type: 'submit' });
    queryClient.clear();
    let settingsStep = false;
    try {
      storeTokens(await requestToken(attemptCredentials));
      settingsStep = true;
      const settings = await getEntitySettings();
      const entityType = deriveEntityType(settings);
      setEntityType(entityType);
      queryClient.setQueryData(entitySettingsQueryOptions().queryKey, settings);
      credentials.current = null;
      dispatch({ type: 'success' });
      await navigate(targetAfterLogin(location.state, entityType), { replace: true });
    } catch (error) {
      fail(error, settingsStep);
    }
  };

  return {
    state,
    /** Step DEFAULT: username and password. */
    logIn: (username: string, password: string) => {
      credentials.current = { username, password };
      return attempt({ username, password });
    },
    /** Step 2FA: the same form again with the TOTP code and the account id from the 403. */
    verifyTotp: (totp: string) =>
      attempt({
        ...(credentials.current ?? { username: '', password: '' }),
        totp,
        account_id: state.accountId ?? undefined,
        twofa_uuid: state.twofaUuid ?? undefined,
      }),
    reset: () => {
      credentials.current = null;
      dispatch({ type: 'reset' });
    },
  };
}
