import '@mantine/core/styles/Paper.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Diagram } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { DiagramView } from './diagram-view.tsx';

interface SavedDiagramCardProps {
  diagram: Diagram;
  onRename: (diagram: Diagram) => void;
  onDelete: (diagram: Diagram) => void;
}

/** One saved diagram: its title, who saved it and when, its live chart, and its owner's actions. */
export function SavedDiagramCard({ diagram, onRename, onDelete }: SavedDiagramCardProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="saved-diagram" data-id={diagram.Id}>
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Title order={3} size="h5" data-testid="saved-diagram-title">
            {diagram.Title}
          </Title>
          <Text size="sm" c="dark.6" data-testid="saved-diagram-meta">
            {t('administration.diagram.savedBy', 'Opgeslagen door {{owner}} op {{date}}', {
              owner: diagram.OwnerName,
              date: formatDate(diagram.CreatedAt),
            })}
          </Text>
        </Stack>
        {diagram.MayChange ? (
          <Group gap={4} data-no-print>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onRename(diagram)}
              aria-label={t('administration.diagram.renameOf', 'Naam wijzigen van {{title}}', {
                title: diagram.Title,
              })}
              data-testid="saved-diagram-rename"
            >
              {t('administration.diagram.rename', 'Naam wijzigen')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => onDelete(diagram)}
              aria-label={t('administration.diagram.deleteOf', '{{title}} verwijderen', {
                title: diagram.Title,
              })}
              data-testid="saved-diagram-delete"
            >
              {t('common.delete', 'Verwijderen')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <DiagramView spec={diagram.Definition} label={diagram.Title} />
    </Paper>
  );
}
