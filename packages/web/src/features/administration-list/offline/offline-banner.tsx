import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNetworkState } from '../../../lib/network-state.ts';
import { useQueueCounts } from '../../../lib/offline/use-queue.ts';
import { useSyncProgress } from '../../../lib/offline/use-queue-sync.ts';
import { timeInAmsterdam } from '../../../lib/dates.ts';

/**
 * Above the list, in the page's flow (never over a card): offline, how old the list is and how many
 * registrations wait; back online, the sending's progress; and how many wait for the nurse's choice.
 */
export function OfflineBanner({ updatedAt }: { updatedAt: number }) {
  const { t } = useTranslation();
  const { offline } = useNetworkState();
  const { waiting, choices } = useQueueCounts();
  const progress = useSyncProgress();
  const waitingText = t('offline.banner.waiting', '{{count}} registraties wachten', { count: waiting });
  return (
    <>
      {offline ? (
        <Alert color="yellow" variant="light" data-testid="offline-banner" data-waiting={waiting}>
          {t('offline.banner.offline', 'Offline — laatst bijgewerkt {{time}}, {{waiting}}', {
            time: updatedAt ? timeInAmsterdam(new Date(updatedAt).toISOString()) : '—',
            waiting: waitingText,
          })}
        </Alert>
      ) : progress.running ? (
        <Alert color="blue" variant="light" data-testid="sync-banner">
          {t('offline.banner.sending', 'Verzenden: {{done}} van {{total}} registraties…', {
            done: progress.done,
            total: progress.total,
          })}
        </Alert>
      ) : waiting > 0 ? (
        <Alert color="blue" variant="light" data-testid="sync-banner">
          {waitingText}
        </Alert>
      ) : null}
      {choices > 0 ? (
        <Alert color="orange" variant="light" data-testid="choices-banner">
          {t('offline.banner.choices', '{{count}} registraties vragen uw keuze', { count: choices })}
        </Alert>
      ) : null}
    </>
  );
}
