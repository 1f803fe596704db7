import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InrInterpretation } from '@zorgportaal/contract';

const COLOR: Record<InrInterpretation, string> = {
  below: 'blue.9',
  in: 'green.9',
  above: 'orange.9',
  critical: 'red.9',
};

/** The interpretation in words (never by colour alone). */
export function InterpretationBadge({ value }: { value: InrInterpretation }) {
  const { t } = useTranslation();
  const label = {
    below: t('trombosis.interpretation.below', 'Onder streefgebied'),
    in: t('trombosis.interpretation.in', 'Binnen streefgebied'),
    above: t('trombosis.interpretation.above', 'Boven streefgebied'),
    critical: t('trombosis.interpretation.critical', 'Kritiek'),
  }[value];
  return (
    <Badge
      color={COLOR[value]}
      variant={value === 'critical' ? 'filled' : 'outline'}
      size="md"
      data-testid="inr-interpretation"
      data-value={value}
    >
      {label}
    </Badge>
  );
}
