import { Group, Text } from '@mantine/core';
import { STATUS_COLORS, type BaxterStatus } from '@zorgportaal/contract';
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

/** The spec's colour (§3) as a swatch, with the status in text beside it. */
export function RollStatus({ status }: { status: BaxterStatus }) {
  const label = useRollStatusLabel();
  return (
    <Group gap={6} wrap="nowrap" data-testid="roll-status" data-status={status}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 14,
          height: 14,
          flex: 'none',
          borderRadius: '50%',
          background: STATUS_COLORS[status],
          border: '1px solid #495057',
        }}
      />
      <Text fz="sm" fw={600}>
        {label(status)}
      </Text>
    </Group>
  );
}
