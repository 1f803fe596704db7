import '@mantine/core/styles/Card.css';
import { Card, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardTile as Tile } from '@zorgportaal/contract';
import { useTileLabel } from '../hooks/use-tile-label.ts';

/** One figure; a tile with a Link is one link (keyboard: Tab and Enter), otherwise plain text. */
export function DashboardTile({ tile }: { tile: Tile }) {
  const { i18n } = useTranslation();
  const label = useTileLabel()(tile.Key);
  const value = new Intl.NumberFormat(i18n.language).format(tile.Value);
  const internal = tile.Link?.startsWith('/') && !tile.Link.startsWith('//');
  const body = (
    <>
      <Text fz="sm" c="dimmed" fw={500} data-testid="dashboard-tile-label">
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2} data-testid="dashboard-tile-value">
        {value}
      </Text>
    </>
  );
  const common = {
    withBorder: true,
    padding: 'lg',
    radius: 'md',
    'data-testid': 'dashboard-tile',
    'data-key': tile.Key,
  };
  return internal ? (
    // No aria-label: the visible label and figure are the link's name (WCAG 2.5.3 label in name).
    <Card component={Link} to={tile.Link!} {...common}>
      {body}
    </Card>
  ) : (
    <Card {...common}>{body}</Card>
  );
}
