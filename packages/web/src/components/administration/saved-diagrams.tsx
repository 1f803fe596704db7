import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useEffect, useState } from 'react';
import { Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Diagram } from '@zorgportaal/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { importLegacyDiagrams } from '../../lib/administration/legacy-diagrams.ts';
import {
  createDiagram,
  useDeleteDiagram,
  useSavedDiagrams,
} from '../../lib/administration/saved-diagrams.ts';
import { diagramKeys } from '../../lib/query-keys.ts';
import { withFeedback } from '../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { EmptyMessage } from '../empty-message.tsx';
import { LoadError } from '../load-error.tsx';
import { RenameDiagramDialog } from './rename-diagram-dialog.tsx';
import { SavedDiagramCard } from './saved-diagram-card.tsx';

/** Diagrams this browser kept before the server stored them move there once, then leave the browser. */
function useLegacyDiagramImport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void importLegacyDiagrams(createDiagram, (count) => {
      void queryClient.invalidateQueries({ queryKey: diagramKeys.all });
      toastSuccess(
        t(
          'administration.diagram.imported',
          '{{count}} diagrammen uit deze browser zijn nu voor uw organisatie opgeslagen.',
          { count },
        ),
      );
    });
  }, [queryClient, t]);
}

interface SavedDiagramsProps {
  /** The link to compose one (not on Diagrammen itself, where the form is above). */
  showAdd?: boolean;
}

/**
 * The organisation's saved diagrams with live data, owner and date: on Diagrammen and the
 * Toediendashboard. Its owner or a Beheerder renames or deletes one (after a question).
 */
export function SavedDiagrams({ showAdd = false }: SavedDiagramsProps) {
  const { t } = useTranslation();
  const diagrams = useSavedDiagrams();
  const remove = useDeleteDiagram();
  const [renaming, setRenaming] = useState<Diagram | null>(null);
  const [deleting, setDeleting] = useState<Diagram | null>(null);
  useLegacyDiagramImport();

  const confirmDelete = () => {
    if (!deleting) return;
    void withFeedback(remove.mutateAsync(deleting.Id), {
      onSuccess: () => {
        toastSuccess(t('administration.diagram.deleted', 'Het diagram is verwijderd.'));
        setDeleting(null);
      },
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });
  };

  const body = () => {
    if (diagrams.isPending)
      return (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" data-testid="saved-diagrams-loading">
          <Skeleton height={200} />
          <Skeleton height={200} />
        </SimpleGrid>
      );
    if (diagrams.isError)
      return (
        <LoadError
          message={t(
            'administration.diagram.listError',
            'De opgeslagen diagrammen konden niet worden geladen.',
          )}
          error={diagrams.error}
          onRetry={() => void diagrams.refetch()}
          data-testid="saved-diagrams-error"
        />
      );
    if (diagrams.data.Rows.length === 0)
      return (
        <EmptyMessage
          title={t('administration.diagram.none', 'Nog geen diagrammen opgeslagen.')}
          description={t(
            'administration.diagram.noneHint',
            'Stel op Diagrammen een diagram samen en sla het op: het staat dan hier voor iedereen van uw organisatie.',
          )}
          data-testid="saved-diagrams-empty"
        />
      );
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {diagrams.data.Rows.map((diagram) => (
          <SavedDiagramCard
            key={diagram.Id}
            diagram={diagram}
            onRename={setRenaming}
            onDelete={setDeleting}
          />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Stack component="section" gap="xs" aria-labelledby="saved-diagrams-heading" data-testid="saved-diagrams">
      <Group justify="space-between">
        <Title order={2} size="h4" id="saved-diagrams-heading">
          {t('administration.diagram.saved', 'Opgeslagen diagrammen')}
        </Title>
        {showAdd ? (
          <Anchor component={Link} to="/zp/medication/diagram/add" data-no-print>
            {t('administration.diagram.add', 'Diagram toevoegen')}
          </Anchor>
        ) : null}
      </Group>
      <Text size="sm" c="dark.6">
        {t(
          'administration.diagram.sharedNote',
          'Gedeeld met iedereen van uw organisatie die Diagrammen kan openen.',
        )}
      </Text>
      {body()}
      <RenameDiagramDialog key={renaming?.Id ?? 0} diagram={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('administration.diagram.deleteTitle', 'Diagram verwijderen')}
        confirmLabel={t('common.delete', 'Verwijderen')}
        color="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <Text data-testid="diagram-delete-question">
          {t(
            'administration.diagram.deleteQuestion',
            '"{{title}}" verwijderen? Het diagram verdwijnt voor iedereen van uw organisatie.',
            { title: deleting?.Title ?? '' },
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
