import '@mantine/core/styles/Badge.css';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Registration } from '@zorgportaal/contract';
import { timeInAmsterdam } from '../../../lib/dates.ts';
import { statusColor } from '../../../lib/administration/status.ts';

/** What was registered: status (spec colour), reason, time, by whom, and the double check. */
export function RegistrationInfo({ registration }: { registration: Registration }) {
  const { t } = useTranslation();
  const when = timeInAmsterdam(registration.AdministeredAt ?? registration.RecordedAt);
  const who = registration.RecordedBy.ScreenName ?? registration.RecordedBy.Username;
  return (
    <Group gap="xs" wrap="wrap" data-testid="registration-info" data-status={registration.Status}>
      <Badge
        color={statusColor(registration.Status)}
        variant="filled"
        size="lg"
        data-testid="registration-status-badge"
      >
        {t(`administrationStatus.${registration.Status}`)}
      </Badge>
      {registration.DeviationReason ? (
        <Text size="sm" fw={500}>
          {t(`deviationReason.${registration.DeviationReason}`)}
          {registration.DeviationText ? `: ${registration.DeviationText}` : ''}
        </Text>
      ) : null}
      <Text size="sm" c="dark.6">
        {t('administration.registeredAtBy', '{{when}} door {{who}}', { when, who })}
      </Text>
      {registration.Late ? (
        <Badge color="orange.9" variant="outline">
          {t('administration.givenLate', 'Te laat gegeven')}
        </Badge>
      ) : null}
      {registration.TimingReason ? (
        <Badge color="gray.8" variant="outline" data-testid="timing-reason">
          {t(`timingReason.${registration.TimingReason}`)}
        </Badge>
      ) : null}
      {registration.DoubleCheckBy ? (
        <Text size="sm" c="dark.6" data-testid="double-checked-by">
          {t('administration.checkedBy', 'Gecontroleerd door {{who}}', {
            who: registration.DoubleCheckBy.ScreenName ?? registration.DoubleCheckBy.Username,
          })}
        </Text>
      ) : null}
    </Group>
  );
}
