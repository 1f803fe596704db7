import '@mantine/core/styles/Timeline.css';
import { Text, Timeline } from '@mantine/core';
import type { HistoryEvent } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

/** Terugblikken: agreement events and reviews of one client, newest first; the kind is a word. */
export function HistoryTimeline({ events }: { events: readonly HistoryEvent[] }) {
  const { t } = useTranslation();
  const kind = (event: HistoryEvent): string => {
    switch (event.Kind) {
      case 'started':
        return t('vp.kind.started', 'Gestart');
      case 'changed':
        return t('vp.kind.changed', 'Gewijzigd');
      case 'stopped':
        return t('vp.kind.stopped', 'Gestopt');
      case 'ended':
        return t('vp.kind.ended', 'Beëindigd');
      case 'review':
        return t('vp.kind.review', 'Medicatiebeoordeling');
    }
  };
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="history-timeline">
      {events.map((event) => (
        <Timeline.Item
          key={`${event.Kind}-${event.AgreementId ?? ''}-${event.ReviewId ?? ''}`}
          title={`${formatDate(event.At)} · ${kind(event)}${event.Medication ? ` · ${event.Medication}` : ''}`}
          data-testid="history-event"
          data-kind={event.Kind}
        >
          {event.Text ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {event.Text}
            </Text>
          ) : null}
          {event.By ? (
            <Text size="xs" c="dark.6">
              {event.By}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
