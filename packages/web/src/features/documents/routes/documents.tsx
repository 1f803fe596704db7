import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DOCUMENT_CATEGORIES, type Document, type DocumentCategory } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { hasPermission } from '../../../lib/session.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import {
  useDeleteDocument,
  useDeletedDocuments,
  useDocuments,
  useDownloadDocument,
  useRestoreDocument,
} from '../api/documents.ts';
import { DocumentsTable } from '../components/documents-table.tsx';
import { UploadDialog } from '../components/upload-dialog.tsx';
import { VersionsDialog } from '../components/versions-dialog.tsx';
import { downloadBlob } from '../utils/download.ts';

/** /support/documents (Documenten): protocols, manuals and forms; upload, versions, download, trash. */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const mayWrite = hasPermission('documents.write');
  const [view, setView] = useState<'current' | 'trash'>('current');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [category, setCategory] = useState<DocumentCategory | null>(null);
  const documents = useDocuments({ q: q || undefined, category: category ?? undefined });
  const deleted = useDeletedDocuments(mayWrite && view === 'trash');
  const list = view === 'trash' ? deleted : documents;
  const download = useDownloadDocument();
  const remove = useDeleteDocument();
  const restore = useRestoreDocument();
  const [uploading, setUploading] = useState(false);
  const [versionOf, setVersionOf] = useState<Document | null>(null);
  const [versionsOf, setVersionsOf] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);

  const onDownload = (id: number, version: number | undefined, fileName: string) =>
    void withFeedback(download.mutateAsync({ id, version }), {
      onSuccess: (blob) => downloadBlob(blob, fileName),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });

  const onDelete = () => {
    if (!deleting) return;
    void withFeedback(remove.mutateAsync(deleting.Id), {
      onSuccess: () => {
        toastSuccess(
          t('documents.deleteDone', '{{title}} staat in de prullenbak.', { title: deleting.Title }),
        );
        setDeleting(null);
      },
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });
  };

  const onRestore = (doc: Document) =>
    void withFeedback(restore.mutateAsync(doc.Id), {
      onSuccess: () =>
        toastSuccess(t('documents.restoreDone', '{{title}} is teruggezet.', { title: doc.Title })),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });

  const filtered = Boolean(q || category);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('routes.documents', 'Documenten')} />
        {mayWrite && (
          <Button onClick={() => setUploading(true)} data-testid="document-add">
            {t('documents.add', 'Document toevoegen')}
          </Button>
        )}
      </Group>
      <Text fz="sm" c="dimmed" maw={720} data-testid="documents-intro">
        {mayWrite
          ? t(
              'documents.introWriter',
              'Protocollen, handleidingen en formulieren van uw organisatie, en wat partners in uw zorgnetwerk met u delen. U kunt documenten toevoegen en nieuwe versies plaatsen; wat u deelt, zien ook uw partners.',
            )
          : t(
              'documents.introReader',
              'Protocollen, handleidingen en formulieren van uw organisatie, en wat partners in uw zorgnetwerk met u delen. Documenten toevoegen doet een Beheerder van uw organisatie.',
            )}
      </Text>
      {mayWrite && (
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as 'current' | 'trash')}
          data={[
            { value: 'current', label: t('documents.current', 'Documenten') },
            { value: 'trash', label: t('documents.trash', 'Prullenbak') },
          ]}
          maw={320}
          aria-label={t('documents.view', 'Weergave')}
          data-testid="documents-view"
        />
      )}
      {view === 'current' && (
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={t('documents.search', 'Zoeken op titel')}
            type="search"
            maw={320}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="documents-search"
          />
          <Select
            label={t('documents.category', 'Categorie')}
            placeholder={t('documents.allCategories', 'Alle categorieën')}
            clearable
            maw={240}
            value={category}
            onChange={(value) => setCategory(value as DocumentCategory | null)}
            data={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`documentCategory.${value}`) }))}
            data-testid="documents-category"
          />
        </Group>
      )}
      {list.isPending ? (
        <TableSkeleton data-testid="documents-skeleton" />
      ) : list.isError ? (
        <LoadError
          message={t('documents.loadError', 'De documenten konden niet worden geladen.')}
          detail={apiErrorMessage(t, list.error)}
          onRetry={() => void list.refetch()}
          data-testid="documents-error"
        />
      ) : list.data.Rows.length === 0 ? (
        <EmptyMessage
          title={
            view === 'trash'
              ? t('documents.trashEmpty', 'Er staan geen verwijderde documenten in de prullenbak.')
              : filtered
                ? t('documents.emptySearch', 'Geen documenten gevonden.')
                : t('documents.empty', 'Er zijn nog geen documenten.')
          }
          data-testid="documents-empty"
        >
          {mayWrite && view === 'current' && !filtered ? (
            <Button variant="light" onClick={() => setUploading(true)} data-testid="documents-empty-add">
              {t('documents.add', 'Document toevoegen')}
            </Button>
          ) : null}
        </EmptyMessage>
      ) : (
        <Stack gap="sm" aria-busy={list.isFetching}>
          <DocumentsTable
            rows={list.data.Rows}
            mayWrite={mayWrite}
            trash={view === 'trash'}
            onDownload={(doc) => onDownload(doc.Id, undefined, doc.Version.FileName)}
            onVersions={(doc) => setVersionsOf(doc.Id)}
            onNewVersion={setVersionOf}
            onDelete={setDeleting}
            onRestore={onRestore}
          />
          <Text fz="sm" c="dimmed" data-testid="documents-total">
            {t('documents.total', '{{count}} documenten', { count: list.data.Rows.length })}
          </Text>
        </Stack>
      )}
      <UploadDialog
        opened={uploading || versionOf !== null}
        onClose={() => {
          setUploading(false);
          setVersionOf(null);
        }}
        version={versionOf ? { id: versionOf.Id, title: versionOf.Title } : null}
      />
      <VersionsDialog
        documentId={versionsOf}
        onClose={() => setVersionsOf(null)}
        onDownload={(id, version, fileName) => onDownload(id, version, fileName)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('documents.deleteTitle', 'Document verwijderen')}
        confirmLabel={t('common.delete', 'Verwijderen')}
        color="red"
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      >
        <Text>
          {t(
            'documents.deleteQuestion',
            '{{title}} naar de prullenbak verplaatsen? U kunt het daar terugzetten.',
            {
              title: deleting?.Title ?? '',
            },
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
