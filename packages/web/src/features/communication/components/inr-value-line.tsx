import { Anchor, Text } from '@mantine/core';
import { findProtectedRoute, type Thread } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { mayOpen } from '../../../lib/session.ts';

/** The INR value a thread is about; a link to the client's values for whoever may open that screen. */
export function InrValueLine({
  value,
  patientId,
}: {
  value: NonNullable<Thread['InrValue']>;
  patientId: number;
}) {
  const { t } = useTranslation();
  const text = t('communication.aboutInrValue', 'INR-waarde {{value}}, gemeten {{at}}', {
    value: formatDecimal(value.Value),
    at: formatDateTime(value.MeasuredAt),
  });
  const screen = findProtectedRoute('/inrvalues');
  return screen && mayOpen(screen) ? (
    <Anchor component={Link} to={`/inrvalues?patient=${patientId}`} size="sm" data-testid="thread-inr">
      {text}
    </Anchor>
  ) : (
    <Text size="sm" data-testid="thread-inr">
      {text}
    </Text>
  );
}
