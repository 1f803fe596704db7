import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonListRow } from '@zorgportaal/contract';
import { usePatientById } from '../../../components/patient-form/patient-api.ts';
import { PatientFormDialog } from '../../../components/patient-form/patient-form-dialog.tsx';

/**
 * "Cliëntgegevens" from Personen: makes the person a client; when the server answers that the person
 * is a client already, the same dialog continues with that client's current data to edit.
 */
export function PersonClientDialog({ row, onClose }: { row: PersonListRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [patientId, setPatientId] = useState<number | null>(null);
  const patient = usePatientById(patientId);
  if (patientId === null)
    return (
      <PatientFormDialog
        name={row.ScreenName}
        personId={row.Id}
        onClose={onClose}
        onAlreadyClient={setPatientId}
      />
    );
  if (!patient.data) return null;
  return (
    <PatientFormDialog
      key="edit"
      name={row.ScreenName}
      patient={patient.data}
      notice={t('patients.form.alreadyNotice', 'Deze persoon is al cliënt; dit zijn de huidige gegevens.')}
      onClose={onClose}
    />
  );
}
