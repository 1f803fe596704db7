import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../utils/error-message.ts';

/** The error state of a widget: what failed, why, and a retry. */
export function LoadError({
  message,
  error,
  onRetry,
  testId,
}: {
  message: string;
  error: unknown;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        {message} {errorMessage(t, error)}
        <Button size="sm" variant="default" onClick={onRetry}>
          {t('common.retry', 'Opnieuw proberen')}
        </Button>
      </Stack>
    </Alert>
  );
}
