import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { minutesPast, splitDelay } from '../utils/lateness.ts';

/** "Te laat · 1 u 05 min": how long an open dose is past its planned time. */
export function LateBadge({ scheduledAt, now }: { scheduledAt: string | null; now: number }) {
  const { t } = useTranslation();
  const { hours, minutes } = splitDelay(minutesPast(scheduledAt, now));
  const delay =
    hours > 0
      ? t('administration.delayHours', '{{hours}} u {{minutes}} min', {
          hours,
          minutes: String(minutes).padStart(2, '0'),
        })
      : t('administration.delayMinutes', '{{minutes}} min', { minutes });
  return (
    <Badge color="orange.9" variant="filled" size="lg" data-testid="late-badge">
      {t('administration.late', 'Te laat')} · {delay}
    </Badge>
  );
}
