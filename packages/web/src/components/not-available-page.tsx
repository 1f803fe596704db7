import { Alert, Stack } from '@mantine/core';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProtectedRoute } from '@zorgportaal/contract';
import { PageHeading } from './page-heading.tsx';

export interface ScreenHandle {
  route: ProtectedRoute;
}

/**
 * The honest state of a screen a later issue builds: its title and "nog niet beschikbaar".
 * One component for every such route; the title comes from the route table via the route handle.
 */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle as ScreenHandle | undefined)
    .findLast((candidate) => candidate?.route);
  const title = handle ? t(handle.route.titleKey) : t('app.name', 'Zorgportaal');
  return (
    <Stack gap="md">
      <PageHeading title={title} />
      <Alert color="gray" variant="light" data-testid="not-available">
        {t('placeholder.notAvailable', 'Dit onderdeel is nog niet beschikbaar.')}
      </Alert>
    </Stack>
  );
}
