import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DayProgress } from '@zorgportaal/contract';

type Count = Exclude<keyof DayProgress, 'CurrentRound'>;

/** The day at a glance, as the server computed it (the dashboards show the very same figures). */
export function ListSummary({ summary }: { summary: DayProgress }) {
  const { t } = useTranslation();
  const items: [Count, string, string, string?][] = [
    ['Planned', 'planned', t('administration.count.planned', 'Gepland')],
    ['Given', 'given', t('administration.count.given', 'Gegeven'), 'green.8'],
    ['Open', 'open', t('administration.count.open', 'Open')],
    ['Late', 'late', t('administration.count.late', 'Te laat'), 'orange.9'],
    ['Deviations', 'deviations', t('administration.count.deviations', 'Afwijkingen'), 'red.8'],
    [
      'AwaitingDoubleCheck',
      'awaitingCheck',
      t('administration.count.awaitingCheck', 'Wacht op controle'),
      'orange.9',
    ],
  ];
  return (
    <Group gap="lg" wrap="wrap" data-testid="list-summary" aria-live="polite">
      {items.map(([key, id, label, color]) => (
        <Text key={key} size="md" data-testid={`summary-${id}`} data-count={summary[key]}>
          {label}:{' '}
          <Text span fw={700} c={color}>
            {summary[key]}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
