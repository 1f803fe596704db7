import { Group, Text } from '@mantine/core';
import { STATUS_COLORS, type OrderStatus } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';

/** The spec's colour per status (§3); anything else is black. */
export const orderStatusColor = (status: string): string =>
  (STATUS_COLORS as Record<string, string>)[status] ?? STATUS_COLORS.unknown;

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

/** Colour swatch and text: the status is never told by colour alone, and the text keeps its contrast. */
export function OrderStatusBadge({ status, draft = false }: { status: OrderStatus; draft?: boolean }) {
  const label = useOrderStatusLabel();
  const color = draft ? '#ffffff' : orderStatusColor(status);
  return (
    <Group gap={6} wrap="nowrap" data-testid="order-status" data-status={draft ? 'draft' : status}>
      <span
        aria-hidden
        data-testid="order-status-swatch"
        style={{
          display: 'inline-block',
          width: 14,
          height: 14,
          flex: 'none',
          borderRadius: '50%',
          background: color,
          border: '1px solid #495057',
        }}
      />
      <Text fz="sm" fw={600}>
        {label(draft ? 'draft' : status)}
      </Text>
    </Group>
  );
}
