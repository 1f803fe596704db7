import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { DashboardTile as Tile } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { BackupAlert } from '../components/backup-alert.tsx';
import { DashboardTile } from '../components/dashboard-tile.tsx';

const GRID = { base: 1, xs: 2, md: 4 };

/** Tiles of one subject (a department's rounds) together under its name, in the server's order. */
function groupTiles(tiles: readonly Tile[]): { group: string | null; tiles: Tile[] }[] {
  const groups: { group: string | null; tiles: Tile[] }[] = [];
  for (const tile of tiles) {
    const group = tile.Group ?? null;
    const last = groups.at(-1);
    if (last && last.group === group) last.tiles.push(tile);
    else groups.push({ group, tiles: [tile] });
  }
  return groups;
}

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
        <Stack gap="lg" data-testid="dashboard-tiles">
          {groupTiles(tiles).map(({ group, tiles: own }) => (
            <Stack key={group ?? ''} gap="xs" component="section" aria-label={group ?? undefined}>
              {group ? (
                <Title order={2} size="h4" data-testid="dashboard-group">
                  {group}
                </Title>
              ) : null}
              <SimpleGrid cols={GRID}>
                {own.map((tile) => (
                  <DashboardTile key={`${tile.Key}-${tile.Link ?? ''}`} tile={tile} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
