import { Alert, Button, Stack } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/lazy-chunk.ts';

/**
 * Error boundary of a route area (errorElement): a chunk that did not load gets the
 * generic chunk-load message of spec §8 and a reload button; anything else a generic message.
 */
export function RouteError() {
  return <RouteErrorView error={useRouteError()} />;
}

/** The message and reload button for an error a page threw. */
export function RouteErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <Stack p="md" maw={640} data-testid="route-error">
      <Alert color="red" variant="light" title={t('errors.title', 'Er ging iets mis')} role="alert">
        {chunk
          ? t('errors.chunkLoad', 'Een onderdeel van de pagina kon niet worden geladen.')
          : t('errors.page', 'Deze pagina kon niet worden weergegeven.')}
      </Alert>
      <div>
        <Button onClick={() => window.location.reload()} data-testid="reload-button">
          {t('errors.reload', 'Pagina opnieuw laden')}
        </Button>
      </div>
    </Stack>
  );
}
