import { STATUS_COLORS, type OrderStatus } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';

/** The spec's colour per status (§3); anything else is black. A draft is white: nobody decides it yet. */
export const orderStatusColor = (status: string, draft = false): string =>
  draft ? '#ffffff' : ((STATUS_COLORS as Record<string, string>)[status] ?? STATUS_COLORS.unknown);

export function useOrderStatusLabel() {
  const { t } = useTranslation();
  return (status: OrderStatus | 'draft'): string => {
    switch (status) {
      case 'in_progress':
        return t('orders.status.in_progress', 'In behandeling');
      case 'approved':
        return t('orders.status.approved', 'Goedgekeurd');
      case 'declined':
        return t('orders.status.declined', 'Afgewezen');
      case 'canceled':
        return t('orders.status.canceled', 'Geannuleerd');
      case 'expired':
        return t('orders.status.expired', 'Verlopen');
      case 'draft':
        return t('orders.status.draft', 'Concept');
    }
  };
}
