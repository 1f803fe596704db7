import { useTranslation } from 'react-i18next';
import { ConsentDialog } from '../../../components/consent-dialog.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useRecordConsent } from '../api/record-consent.ts';

/** The shared consent dialog, stored from the toedienlijst: a toast, and the patient's warning goes. */
export function RecordConsentDialog({
  patientId,
  patientName,
  onClose,
}: {
  patientId: number;
  patientName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordConsent();
  return (
    <ConsentDialog
      patientId={patientId}
      patientName={patientName}
      pending={record.isPending}
      error={record.error}
      onClose={onClose}
      onSubmit={(body) =>
        record.mutate(body, {
          onSuccess: () => {
            toastSuccess(
              t('consent.toast', 'De toestemming van {{name}} is vastgelegd.', { name: patientName }),
            );
            onClose();
          },
        })
      }
    />
  );
}
