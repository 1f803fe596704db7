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
        case 'deniedLoginsToday':
          return t('dashboard.deniedLoginsToday', 'Geweigerde logins vandaag');
        case 'roundsOpen':
          return t('dashboard.roundsOpen', 'Open toedieningen');
        case 'roundsLate':
          return t('dashboard.roundsLate', 'Te laat');
        case 'rollsWaiting':
          return t('dashboard.rollsWaiting', 'Rollen wachten op uitzetten');
        case 'medicationInterim':
          return t('dashboard.medicationInterim', 'Tussentijdse wijzigingen Baxterrol');
        case 'medicationUnsigned':
          return t('dashboard.medicationUnsigned', 'Wacht op handtekening voorschrijver');
        case 'openOrders':
          return t('dashboard.openOrders', 'Open bestellingen');
        case 'roundsAwaitingCheck':
          return t('dashboard.roundsAwaitingCheck', 'Wacht op dubbele controle');
        case 'unreadMessages':
          return t('dashboard.unreadMessages', 'Ongelezen berichten');
        case 'vpOpenItems':
          return t('dashboard.vpOpenItems', 'Cliënten met open punten');
        case 'reviewsDue':
          return t('dashboard.reviewsDue', 'Medicatiebeoordelingen gepland');
        case 'inrChecksDue':
          return t('dashboard.inrChecksDue', 'INR-controles vandaag');
        case 'inrChecksOverdue':
          return t('dashboard.inrChecksOverdue', 'INR-controles verlopen');
        case 'inrCritical':
          return t('dashboard.inrCritical', 'Kritieke INR-waarden (7 dagen)');
        default:
          return t(`dashboard.${key}`, key);
      }
    },
    [t],
  );
}
