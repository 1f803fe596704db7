import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment, Registration } from '@zorgportaal/contract';
import { ClientPhoto } from '../../../components/client-photo.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { getAccount } from '../../../lib/session.ts';
import { formatDose } from '../../../lib/administration/status.ts';

interface DoubleCheckButtonProps {
  moment: PlannedMoment;
  registration: Registration;
  pending: boolean;
  onCheck: (done: () => void) => void;
}

/**
 * The second user's check of a risk-category dose. The user who registered it cannot check it
 * (the server refuses that too), so they see who must come instead of a button.
 */
export function DoubleCheckButton({ moment, registration, pending, onCheck }: DoubleCheckButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const me = getAccount();
  const ownRegistration = me?.Username === registration.RecordedBy.Username;
  if (ownRegistration)
    return (
      <Text size="sm" c="orange.9" fw={500} data-testid="double-check-waiting">
        {t('administration.checkByColleague', 'Wacht op dubbele controle door een collega')}
      </Text>
    );
  return (
    <>
      <Button
        size="lg"
        color="orange.9"
        onClick={() => setOpened(true)}
        data-testid="double-check-button"
        data-no-print
      >
        {t('administration.doubleCheck', 'Dubbele controle')}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={t('administration.doubleCheckTitle', 'Dubbele controle vastleggen')}
        confirmLabel={t('administration.doubleCheckConfirm', 'Gecontroleerd')}
        loading={pending}
        onConfirm={() => onCheck(() => setOpened(false))}
        onCancel={() => setOpened(false)}
      >
        <Group gap="md" wrap="nowrap" align="center">
          <ClientPhoto
            patientId={moment.PatientId}
            version={moment.PhotoVersion}
            name={moment.PatientName}
            size={72}
          />
          <Text>
            {t(
              'administration.doubleCheckText',
              'U bevestigt als tweede persoon dat {{medication}} ({{dose}}) juist is toegediend aan {{patient}}.',
              {
                medication: moment.MedicationName,
                dose: formatDose(registration.AdministeredQty ?? moment.Dose, moment.DoseUnit),
                patient: moment.PatientName,
              },
            )}
          </Text>
        </Group>
      </ConfirmDialog>
    </>
  );
}
