import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListSummary as Summary } from '../utils/moments.ts';

/** The day at a glance: planned, given, open, late, deviations and checks waiting. */
export function ListSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const items: [keyof Summary, string, string?][] = [
    ['planned', t('administration.count.planned', 'Gepland')],
    ['given', t('administration.count.given', 'Gegeven'), 'green.8'],
    ['open', t('administration.count.open', 'Open')],
    ['late', t('administration.count.late', 'Te laat'), 'orange.9'],
    ['deviations', t('administration.count.deviations', 'Afwijkingen'), 'red.8'],
    ['awaitingCheck', t('administration.count.awaitingCheck', 'Wacht op controle'), 'orange.9'],
  ];
  return (
    <Group gap="lg" wrap="wrap" data-testid="list-summary" aria-live="polite">
      {items.map(([key, label, color]) => (
        <Text key={key} size="md" data-testid={`summary-${key}`} data-count={summary[key]}>
          {label}:{' '}
          <Text span fw={700} c={color}>
            {summary[key]}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
