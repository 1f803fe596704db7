import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';
import { timeInAmsterdam } from '../../../lib/dates.ts';
import { windowTiming } from '../utils/time-window.ts';

/** An open dose before its time window: "Te vroeg: vanaf 06:00" (the window's start, as the server set it). */
export function TimeWindowBadge({ moment, now }: { moment: PlannedMoment; now: number }) {
  const { t } = useTranslation();
  const timing = windowTiming(moment, now);
  if (timing !== 'early' && timing !== 'too_early') return null;
  return (
    <Badge color="gray.8" variant="outline" size="lg" data-testid="too-early-badge" data-timing={timing}>
      {t('administration.window.tooEarly', 'Te vroeg: vanaf {{time}}', {
        time: timeInAmsterdam(moment.Window!.Start),
      })}
    </Badge>
  );
}
