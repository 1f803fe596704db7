import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useServiceWorker } from '../service-worker.ts';

/**
 * "Nieuwe versie beschikbaar" in the header (never over the page): a small button; the new version is
 * used only after the nurse taps it, never by an automatic reload.
 */
export function UpdateNotice() {
  const { t } = useTranslation();
  const waiting = useServiceWorker();
  if (!waiting) return null;
  return (
    <Button size="compact-sm" variant="light" color="blue" onClick={applyUpdate} data-testid="update-notice">
      {t('app.updateAvailable', 'Nieuwe versie beschikbaar')}
    </Button>
  );
}
