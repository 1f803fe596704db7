import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';

/** A card's first line: the patient's name and room. */
export function PatientLine({ moment, nameTestId }: { moment: PlannedMoment; nameTestId?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={700} size="lg" data-testid={nameTestId}>
        {moment.PatientName}
      </Text>
      {moment.Room ? (
        <Text size="sm" c="dark.6">
          {t('administration.room', 'Kamer {{room}}', { room: moment.Room })}
        </Text>
      ) : null}
    </Group>
  );
}
