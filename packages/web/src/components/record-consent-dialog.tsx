import { useTranslation } from 'react-i18next';
import { ConsentDialog } from './consent-dialog.tsx';
import { toastSuccess } from '../lib/toast.ts';
import { useRecordConsent } from '../lib/record-consent.ts';

/** The consent dialog stored from the toedienlijst or the AMO patient header: a toast, then it closes. */
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
