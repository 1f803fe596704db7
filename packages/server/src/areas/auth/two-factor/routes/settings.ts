import {
  apiErrorSchema,
  twofaChangeSchema,
  twofaEnrolmentSchema,
  twofaStatusSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secretContext } from '../../../../platform/crypto.ts';
import { unauthorized } from '../../../../platform/errors.ts';
import { callerOf } from '../../../../platform/scope.ts';
import { sealSecret } from '../../../../platform/secret-box.ts';
import { disableTotp, findAccountById } from '../../../accounts/public.ts';
import { assertStepUp } from '../../step-up.ts';
import { alreadyEnabled } from '../errors.ts';
import { savePendingSecret } from '../queries.ts';
import { accountWithStepUp, confirmEnrolment } from '../settings.ts';
import { generateSecret, otpauthUrl, qrCodeDataUrl } from '../totp.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** 2FA in the account settings (spec §7): status, a pending secret, enable and disable with a code. */
const twoFactorSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownAccount = async (accountId: number) => {
    const account = await findAccountById(app.db, accountId);
    if (!account) throw unauthorized();
    return account;
  };

  app.get(
    '/api/account/2fa',
    { schema: { tags: ['account'], summary: 'Is 2FA on?', response: { 200: twofaStatusSchema } } },
    async (request) => ({ Enabled: (await ownAccount(callerOf(request).accountId)).totpEnabled }),
  );

  app.get(
    '/api/account/2fa/generate',
    {
      schema: {
        tags: ['account'],
        summary: 'A new pending TOTP secret with its QR code (2FA goes on after confirming a code)',
        response: { 200: twofaEnrolmentSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const account = await ownAccount(callerOf(request).accountId);
      // Replacing an active secret would let a stolen session move 2FA to the thief's phone.
      if (account.totpEnabled) throw alreadyEnabled();
      const secret = generateSecret();
      const secretSealed = sealSecret(secret, app.config.secretKey, secretContext(account.id));
      await savePendingSecret(app.db, account.id, secretSealed);
      const url = otpauthUrl(secret, account.username);
      return { Secret: secret, OtpauthUrl: url, QrCode: await qrCodeDataUrl(url) };
    },
  );

  app.post(
    '/api/account/2fa',
    {
      schema: {
        tags: ['account'],
        summary: 'Switch 2FA on with a code from the pending secret and the current password',
        body: twofaChangeSchema,
        response: { 200: twofaStatusSchema, ...errors },
      },
    },
    async (request) => {
      const account = await ownAccount(callerOf(request).accountId);
      if (account.totpEnabled) throw alreadyEnabled();
      // Step-up: a token alone may not bind the account to someone else's authenticator app.
      await assertStepUp(
        app,
        request,
        account,
        { current_password: request.body.current_password },
        { objectType: AUDIT_OBJECTS.two_factor, objectId: account.id },
      );
      await confirmEnrolment(app, request, account, request.body.totp);
      return { Enabled: true };
    },
  );

  app.delete(
    '/api/account/2fa',
    {
      schema: {
        tags: ['account'],
        summary: 'Switch 2FA off with the current password and a current code',
        body: twofaChangeSchema,
        response: { 200: twofaStatusSchema, ...errors },
      },
    },
    async (request) => {
      const account = await accountWithStepUp(
        app,
        request,
        await ownAccount(callerOf(request).accountId),
        request.body,
      );
      await disableTotp(app.db, account.id);
      await app.callerCache.forgetAccount(account.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.two_factor,
        objectId: account.id,
        detail: { enabled: false },
      });
      return { Enabled: false };
    },
  );
};

export default twoFactorSettingsRoutes;
