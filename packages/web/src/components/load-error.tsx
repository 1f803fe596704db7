import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-errors.ts';

interface LoadErrorProps {
  /** What could not be loaded, e.g. "De personen konden niet worden geladen." */
  message: string;
  /** The server's or the generic reason. */
  detail?: string;
  /** The failed call's error; its reason is shown when no `detail` is given. */
  error?: unknown;
  onRetry: () => void;
  'data-testid'?: string;
}

/** The error state of a screen or widget: what failed, why, and a retry button. */
export function LoadError({ message, detail, error, onRetry, ...props }: LoadErrorProps) {
  const { t } = useTranslation();
  const reason = detail ?? (error === undefined ? undefined : apiErrorMessage(t, error));
  return (
    <Alert color="red" variant="light" role="alert" data-testid={props['data-testid'] ?? 'load-error'}>
      <Stack gap="sm" align="flex-start">
        <span>
          {message} {reason}
        </span>
        <Button size="xs" variant="default" onClick={onRetry} data-testid="load-error-retry">
          {t('common.retry', 'Opnieuw proberen')}
        </Button>
      </Stack>
    </Alert>
  );
}
