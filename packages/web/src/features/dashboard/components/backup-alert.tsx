import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useBackupStatus } from '../api/get-backup-status.ts';

/** "Backup failed at …" for the Beheerder of the organisation that runs this installation. */
export function BackupAlert() {
  const { t } = useTranslation();
  const failedAt = useBackupStatus().data?.FailedAt;
  if (!failedAt) return null;
  return (
    <Alert color="red" role="alert" title={t('dashboard.backupFailedTitle')} data-testid="backup-failed">
      {t('dashboard.backupFailed', { at: formatDateTime(failedAt) })}
    </Alert>
  );
}
