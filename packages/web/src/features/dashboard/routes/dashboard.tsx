import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { apiErrorMessage } from '../../../lib/error-message.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { BackupAlert } from '../components/backup-alert.tsx';
import { DashboardTile } from '../components/dashboard-tile.tsx';

const GRID = { base: 1, xs: 2, md: 4 };

/** /dashboard (Dashboard): the tiles the server returns for this user, nothing more. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const tiles = dashboard.data?.Tiles ?? [];
  return (
    <Stack gap="md">
      <PageHeading title={t('routes.dashboard', 'Dashboard')} />
      <BackupAlert />
      {dashboard.isPending ? (
        <SimpleGrid cols={GRID} aria-busy="true" data-testid="dashboard-skeleton">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : dashboard.isError ? (
        <LoadError
          message={t('dashboard.loadError', 'Het dashboard kon niet worden geladen.')}
          detail={apiErrorMessage(t, dashboard.error)}
          onRetry={() => void dashboard.refetch()}
          data-testid="dashboard-error"
        />
      ) : tiles.length === 0 ? (
        <EmptyMessage
          title={t('dashboard.empty', 'Er zijn nog geen gegevens voor u om te tonen.')}
          description={t('dashboard.emptyHint', 'Kies een onderdeel in het menu.')}
          data-testid="dashboard-empty"
        />
      ) : (
        <SimpleGrid cols={GRID} data-testid="dashboard-tiles">
          {tiles.map((tile) => (
            <DashboardTile key={tile.Key} tile={tile} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
