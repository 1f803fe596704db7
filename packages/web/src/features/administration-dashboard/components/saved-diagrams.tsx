import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Paper.css';
import { useState } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../lib/session.ts';
import { loadDiagrams, removeDiagram } from '../../../lib/administration/diagrams.ts';
import { DiagramView } from '../../../components/administration/diagram-view.tsx';

/** The diagrams this user saved (in this browser) with live data, on the dashboard. */
export function SavedDiagrams() {
  const { t } = useTranslation();
  const [diagrams, setDiagrams] = useState(loadDiagrams);
  const mayCompose = hasPermission('administration.read');
  return (
    <Stack component="section" gap="xs" aria-labelledby="dashboard-diagrams" data-testid="saved-diagrams">
      <Group justify="space-between">
        <Title order={2} size="h4" id="dashboard-diagrams">
          {t('administration.diagram.saved', 'Diagrammen')}
        </Title>
        {mayCompose ? (
          <Anchor component={Link} to="/zp/medication/diagram/add" data-no-print>
            {t('administration.diagram.add', 'Diagram toevoegen')}
          </Anchor>
        ) : null}
      </Group>
      {diagrams.length === 0 ? (
        <Text c="dark.6">{t('administration.diagram.none', 'Nog geen diagrammen opgeslagen.')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {diagrams.map((diagram) => (
            <Paper key={diagram.Id} withBorder p="md" radius="md" data-testid="saved-diagram">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Text fw={700}>{diagram.Title}</Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  data-no-print
                  onClick={() => {
                    removeDiagram(diagram.Id);
                    setDiagrams(loadDiagrams());
                  }}
                >
                  {t('common.delete', 'Verwijderen')}
                </Button>
              </Group>
              <DiagramView spec={diagram} label={diagram.Title} />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
