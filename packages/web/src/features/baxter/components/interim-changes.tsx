import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { BaxterRoll } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * A gds agreement started, changed or stopped while the roll was running: the roll no longer matches the
 * agreements. A badge in text (never colour alone) and each change with its product, moment and who.
 */
export function InterimChanges({ changes }: { changes: BaxterRoll['InterimChanges'] }) {
  const { t } = useTranslation();
  if (changes.Count === 0) return null;
  const kind = (k: BaxterRoll['InterimChanges']['Changes'][number]['Kind']) => {
    switch (k) {
      case 'started':
        return t('baxter.interim.started', 'Gestart');
      case 'changed':
        return t('baxter.interim.changed', 'Gewijzigd');
      case 'stopped':
        return t('baxter.interim.stopped', 'Gestopt');
    }
  };
  return (
    <Stack gap={2} mt={4} data-testid="roll-interim">
      <Badge color="orange.9" variant="filled" data-testid="roll-interim-badge">
        {t('baxter.interim.badge', 'Tussentijdse wijziging')}
        {changes.Count > 1 ? ` (${changes.Count})` : ''}
      </Badge>
      {changes.Changes.map((change, i) => (
        <Text key={i} fz="xs">
          {t('baxter.interim.detail', '{{kind}}: {{product}} per {{at}}', {
            kind: kind(change.Kind),
            product: change.Product,
            at: formatDateTime(change.At),
          })}
          {change.RecordedBy ? ` · ${change.RecordedBy}` : ''}
        </Text>
      ))}
    </Stack>
  );
}
