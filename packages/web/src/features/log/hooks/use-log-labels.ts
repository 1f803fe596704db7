import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogAction } from '@zorgportaal/contract';

/** Readable names for the log's codes; an unknown code is shown as it is. */
export function useLogLabels() {
  const { t } = useTranslation();
  return useMemo(() => {
    const actions: Record<LogAction, string> = {
      C: t('log.actions.C', 'Aangemaakt'),
      R: t('log.actions.R', 'Gelezen'),
      U: t('log.actions.U', 'Gewijzigd'),
      D: t('log.actions.D', 'Verwijderd'),
      E: t('log.actions.E', 'Uitgevoerd'),
    };
    const outcomes: Record<string, string> = {
      success: t('log.outcomes.success', 'Gelukt'),
      failure: t('log.outcomes.failure', 'Mislukt'),
      denied: t('log.outcomes.denied', 'Geweigerd'),
      refused: t('log.outcomes.refused', 'Afgewezen'),
    };
    const objects: Record<string, string> = {
      person: t('log.objects.person', 'Persoon'),
      person_list: t('log.objects.personList', 'Personenlijst'),
      person_avatar: t('log.objects.personAvatar', 'Foto van persoon'),
      account: t('log.objects.account', 'Account'),
      account_list: t('log.objects.accountList', 'Accountlijst'),
      account_2fa: t('log.objects.account2fa', 'Tweestapsverificatie van account'),
      trash_list: t('log.objects.trashList', 'Prullenbak'),
      audit_log: t('log.objects.auditLog', 'Logboek'),
      login: t('log.objects.login', 'Inloggen'),
      logout: t('log.objects.logout', 'Uitloggen'),
      force_logout: t('log.objects.forceLogout', 'Geforceerd uitloggen'),
      session: t('log.objects.session', 'Sessie'),
      patient: t('log.objects.patient', 'Cliënt'),
      password: t('log.objects.password', 'Wachtwoord'),
      password_reset: t('log.objects.passwordReset', 'Wachtwoordherstel'),
      password_reset_request: t('log.objects.passwordResetRequest', 'Wachtwoordmail'),
      two_factor: t('log.objects.twoFactor', 'Tweestapsverificatie'),
    };
    const changes: Record<string, string> = {
      restore: t('log.changes.restore', 'teruggezet uit de prullenbak'),
      purge: t('log.changes.purge', 'definitief verwijderd'),
    };
    return {
      action: (code: string) => actions[code as LogAction] ?? code,
      outcome: (code: string) => outcomes[code] ?? code,
      object: (type: string) => objects[type] ?? type.replace(/_/g, ' '),
      change: (code: unknown) => (typeof code === 'string' ? (changes[code] ?? code) : null),
    };
  }, [t]);
}
