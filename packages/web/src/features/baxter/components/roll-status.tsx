import type { BaxterStatus } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';

export function useRollStatusLabel() {
  const { t } = useTranslation();
  return (status: BaxterStatus): string => {
    switch (status) {
      case 'waiting_for_file':
        return t('baxter.status.waiting_for_file', 'Wacht op bestand');
      case 'laid_out':
        return t('baxter.status.laid_out', 'Uitgezet');
      case 'handed_over':
        return t('baxter.status.handed_over', 'Overgedragen');
    }
  };
}
