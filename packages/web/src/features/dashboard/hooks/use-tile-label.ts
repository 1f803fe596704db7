import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The label of a tile: translation key dashboard.<Key> (contract). The known keys are written out,
 * so the translation check sees them; a tile a later issue adds falls back to its own key.
 */
export function useTileLabel() {
  const { t } = useTranslation();
  return useCallback(
    (key: string): string => {
      switch (key) {
        case 'persons':
          return t('dashboard.persons', 'Personen');
        case 'activeAccounts':
          return t('dashboard.activeAccounts', 'Actieve accounts');
        case 'loginsToday':
          return t('dashboard.loginsToday', 'Logins vandaag');
        case 'failedLoginsToday':
          return t('dashboard.failedLoginsToday', 'Mislukte logins vandaag');
        case 'roundsOpen':
          return t('dashboard.roundsOpen', 'Open toedieningen');
        case 'roundsLate':
          return t('dashboard.roundsLate', 'Te laat');
        case 'roundsAwaitingCheck':
          return t('dashboard.roundsAwaitingCheck', 'Wacht op dubbele controle');
        default:
          return t(`dashboard.${key}`, key);
      }
    },
    [t],
  );
}
