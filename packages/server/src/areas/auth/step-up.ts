import { AUDIT_ACTIONS, type AuditObjectType, type StepUp } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertNotLockedOut, attemptKeys, countFailure, countSuccess } from './attempt-guard.ts';
import { verifyPassword } from './password-hash.ts';
import { checkAccountCode } from './two-factor/account-code.ts';
import { twofaInvalid } from './two-factor/errors.ts';
import type { AccountRow } from '../accounts/public.ts';
import { HttpError, wrongCurrentPassword } from '../../platform/errors.ts';

/** 400 naming the step-up field that is missing (not counted: nothing was guessed). */
const stepUpMissing = (field: 'current_password' | 'totp') =>
  new HttpError(
    400,
    'VALIDATION_FAILED',
    field === 'totp' ? 'Vul de code uit uw authenticator-app in.' : 'Vul uw huidige wachtwoord in.',
    {
      Fields: {
        [field]:
          field === 'totp' ? 'Vul de code uit uw authenticator-app in.' : 'Vul uw huidige wachtwoord in.',
      },
    },
  );

interface StepUpAudit {
  objectType: AuditObjectType;
  objectId: number;
}

async function refuse(
  app: FastifyInstance,
  request: FastifyRequest,
  audit: StepUpAudit,
  reason: string,
): Promise<void> {
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.update,
    outcome: 'failure',
    objectType: audit.objectType,
    objectId: audit.objectId,
    detail: { reason },
  });
}

/**
 * The current TOTP code of a 2FA account (step-up): counted like the login's code step (scope 2fa,
 * each code once). Does nothing for an account without 2FA.
 */
export async function assertStepUpCode(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  totp: string | undefined,
  audit: StepUpAudit,
): Promise<void> {
  if (!account.totpEnabled) return;
  if (!totp) throw stepUpMissing('totp');
  const keys = attemptKeys(app, '2fa', request, account.username);
  await assertNotLockedOut(app, keys);
  const check = await checkAccountCode(app, account, totp.replace(/\s+/g, ''));
  if (!check.ok) {
    await refuse(app, request, audit, `step_up_totp_${check.reason}`);
    throw await countFailure(app, keys, twofaInvalid());
  }
  await countSuccess(app, keys);
}

/**
 * Step-up for account-changing actions (security.md "Step-up"): a bearer token alone may not change
 * the e-mail address, the password, 2FA or the IP allow-list. The current password is a password
 * guess like a login (scope login, same counters: 401 INVALID_CREDENTIALS naming `current_password`,
 * 429 when locked); then the TOTP code when the account has 2FA on (422 2FA_INVALID naming `totp`).
 */
export async function assertStepUp(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  proof: Partial<StepUp>,
  audit: StepUpAudit,
): Promise<void> {
  if (!proof.current_password) throw stepUpMissing('current_password');
  const keys = attemptKeys(app, 'login', request, account.username);
  await assertNotLockedOut(app, keys);
  if (!(await verifyPassword(account.passwordHash, proof.current_password))) {
    await refuse(app, request, audit, 'step_up_wrong_current_password');
    throw await countFailure(app, keys, wrongCurrentPassword());
  }
  await countSuccess(app, keys);
  await assertStepUpCode(app, request, account, proof.totp, audit);
}
