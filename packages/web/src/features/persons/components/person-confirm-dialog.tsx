import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonListRow } from '@zorgportaal/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useDeactivateAccount } from '../api/deactivate-account.ts';
import { useDeletePerson } from '../api/delete-person.ts';
import { useForceLogout } from '../api/force-logout.ts';
import { useResetTwoFactor } from '../api/reset-two-factor.ts';
import { useSendPasswordMail } from '../api/send-password-mail.ts';
import { useUpdateAccount } from '../api/update-account.ts';

export type ConfirmAction =
  | 'delete'
  | 'deactivate'
  | 'activate'
  | 'forceLogout'
  | 'reset2fa'
  | 'sendPasswordMail';

export interface PendingConfirm {
  action: ConfirmAction;
  row: PersonListRow;
}

/** One confirmation dialog for every risky row action; it runs the call and reports through the toast. */
export function PersonConfirmDialog({
  pending,
  onClose,
}: {
  pending: PendingConfirm | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeletePerson();
  const deactivate = useDeactivateAccount();
  const activate = useUpdateAccount();
  const forceLogout = useForceLogout();
  const reset2fa = useResetTwoFactor();
  const passwordMail = useSendPasswordMail();
  const loading = [remove, deactivate, activate, forceLogout, reset2fa, passwordMail].some(
    (m) => m.isPending,
  );

  const name = pending?.row.ScreenName ?? '';
  const texts: Record<ConfirmAction, { title: string; body: string; confirm: string; done: string }> = {
    delete: {
      title: t('persons.confirm.deleteTitle', 'Persoon verwijderen'),
      body: t(
        'persons.confirm.deleteBody',
        '{{name}} gaat naar de prullenbak. Het account wordt gedeactiveerd en alle sessies worden beëindigd.',
        { name },
      ),
      confirm: t('common.delete', 'Verwijderen'),
      done: t('persons.confirm.deleteDone', '{{name}} staat nu in de prullenbak.', { name }),
    },
    deactivate: {
      title: t('persons.confirm.deactivateTitle', 'Account deactiveren'),
      body: t(
        'persons.confirm.deactivateBody',
        'Het account van {{name}} wordt gedeactiveerd en direct uitgelogd.',
        {
          name,
        },
      ),
      confirm: t('persons.actions.deactivate', 'Account deactiveren'),
      done: t('persons.confirm.deactivateDone', 'Het account is gedeactiveerd.'),
    },
    activate: {
      title: t('persons.confirm.activateTitle', 'Account activeren'),
      body: t('persons.confirm.activateBody', 'Het account van {{name}} kan weer inloggen.', { name }),
      confirm: t('persons.actions.activate', 'Account activeren'),
      done: t('persons.confirm.activateDone', 'Het account is geactiveerd.'),
    },
    forceLogout: {
      title: t('persons.confirm.forceLogoutTitle', 'Uitloggen forceren'),
      body: t('persons.confirm.forceLogoutBody', 'Alle sessies van {{name}} worden direct beëindigd.', {
        name,
      }),
      confirm: t('persons.actions.forceLogout', 'Uitloggen forceren'),
      done: t('persons.confirm.forceLogoutDone', '{{name}} is overal uitgelogd.', { name }),
    },
    reset2fa: {
      title: t('persons.confirm.reset2faTitle', 'Tweestapsverificatie resetten'),
      body: t(
        'persons.confirm.reset2faBody',
        'De tweestapsverificatie van {{name}} wordt uitgezet; de gebruiker stelt haar daarna opnieuw in.',
        { name },
      ),
      confirm: t('persons.actions.reset2fa', 'Tweestapsverificatie resetten'),
      done: t('persons.confirm.reset2faDone', 'De tweestapsverificatie is gereset.'),
    },
    sendPasswordMail: {
      title: t('persons.confirm.passwordMailTitle', 'Wachtwoordmail sturen'),
      body: t(
        'persons.confirm.passwordMailBody',
        '{{name}} ontvangt een e-mail met een link om zelf een nieuw wachtwoord in te stellen.',
        { name },
      ),
      confirm: t('persons.actions.sendPasswordMail', 'Wachtwoordmail sturen'),
      done: t('persons.confirm.passwordMailDone', 'De e-mail is verstuurd.'),
    },
  };

  const run = () => {
    if (!pending) return;
    const { action, row } = pending;
    const callbacks = {
      onSuccess: () => {
        toastSuccess(texts[action].done);
        onClose();
      },
      onError: (error: unknown) => toastError(apiErrorMessage(t, error)),
    };
    const accountId = row.AccountId ?? 0;
    if (action === 'delete') void withFeedback(remove.mutateAsync(row.Id), callbacks);
    else if (action === 'deactivate') void withFeedback(deactivate.mutateAsync(accountId), callbacks);
    else if (action === 'activate')
      void withFeedback(activate.mutateAsync({ id: accountId, body: { Active: true } }), callbacks);
    else if (action === 'forceLogout') void withFeedback(forceLogout.mutateAsync(accountId), callbacks);
    else if (action === 'reset2fa') void withFeedback(reset2fa.mutateAsync(accountId), callbacks);
    else void withFeedback(passwordMail.mutateAsync(accountId), callbacks);
  };

  const text = pending ? texts[pending.action] : null;
  const risky = pending?.action === 'delete' || pending?.action === 'deactivate';
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={text?.title ?? ''}
      confirmLabel={text?.confirm ?? ''}
      color={risky ? 'red' : undefined}
      loading={loading}
      onConfirm={run}
      onCancel={onClose}
    >
      <Text>{text?.body}</Text>
    </ConfirmDialog>
  );
}
