import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';
import { ClientPhoto } from '../../../components/client-photo.tsx';

/** A card's first line: the client's photo (or initials), name and room. */
export function PatientLine({ moment, nameTestId }: { moment: PlannedMoment; nameTestId?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <ClientPhoto patientId={moment.PatientId} version={moment.PhotoVersion} name={moment.PatientName} />
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
