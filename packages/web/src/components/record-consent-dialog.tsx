import { useTranslation } from 'react-i18next';
import { ConsentDialog } from './consent-dialog.tsx';
import { withFeedback } from '../lib/mutation-feedback.ts';
import { toastSuccess } from '../lib/toast.ts';
import { useRecordConsent } from '../lib/record-consent.ts';

/**
 * The consent dialog stored from the toedienlijst or the AMO patient header, or with `agreement` the
 * prescriber's authorised signature of an AMO agreement: a toast, then it closes.
 */
export function RecordConsentDialog({
  patientId,
  patientName,
  agreement,
  onClose,
}: {
  patientId: number;
  patientName: string;
  agreement?: { id: number; description: string };
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
      agreement={agreement}
      onClose={onClose}
      onSubmit={(body) =>
        void withFeedback(record.mutateAsync(body), {
          onSuccess: () => {
            toastSuccess(
              agreement
                ? t('consent.authorizedToast', 'De medicatieafspraak is ondertekend.')
                : t('consent.toast', 'De toestemming van {{name}} is vastgelegd.', { name: patientName }),
            );
            onClose();
          },
        })
      }
    />
  );
}
