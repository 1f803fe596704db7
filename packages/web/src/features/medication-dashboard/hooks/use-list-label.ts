import type { MedicationDashboardListKey } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';

/** The name of each list, on its tile and above its table. */
export function useListLabel(): (list: MedicationDashboardListKey) => string {
  const { t } = useTranslation();
  return (list) => {
    switch (list) {
      case 'started':
        return t('medicationDashboard.list.started', 'Gestart deze week');
      case 'changed':
        return t('medicationDashboard.list.changed', 'Gewijzigd deze week');
      case 'stopped':
        return t('medicationDashboard.list.stopped', 'Gestopt deze week');
      case 'unsigned':
        return t('medicationDashboard.list.unsigned', 'Wacht op handtekening voorschrijver');
      case 'interim':
        return t('medicationDashboard.list.interim', 'Tussentijdse wijzigingen Baxterrol');
      case 'noConsent':
        return t('medicationDashboard.list.noConsent', 'Cliënten zonder toestemming (eTDR)');
      case 'allergies':
        return t('medicationDashboard.list.allergies', 'Cliënten met een allergie');
    }
  };
}
