import '@mantine/core/styles/Card.css';
import { Card, SimpleGrid, Text } from '@mantine/core';
import type { MedicationDashboard, MedicationDashboardListKey } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListLabel } from '../hooks/use-list-label.ts';

/** One tile per list: its figure, a link that opens the list below (?list=…); the open one is marked. */
export function FigureTiles({
  figures,
  open,
}: {
  figures: MedicationDashboard['Figures'];
  open: MedicationDashboardListKey | null;
}) {
  const { i18n } = useTranslation();
  const label = useListLabel();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid="medication-dashboard-tiles">
      {figures.map(({ List, Count }) => (
        <Card
          key={List}
          component={Link}
          to={`?list=${List}`}
          replace
          withBorder
          padding="lg"
          radius="md"
          aria-current={open === List ? 'true' : undefined}
          style={open === List ? { borderColor: 'var(--mantine-color-blue-8)', borderWidth: 2 } : undefined}
          data-testid="medication-dashboard-tile"
          data-list={List}
        >
          <Text fz="sm" c="dimmed" fw={500}>
            {label(List)}
          </Text>
          <Text fz={32} fw={700} lh={1.2} data-testid="medication-dashboard-tile-value">
            {number.format(Count)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
