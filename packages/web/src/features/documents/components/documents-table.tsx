import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { Document } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatFileSize } from '../utils/file-size.ts';

interface DocumentsTableProps {
  rows: Document[];
  mayWrite: boolean;
  /** Deleted documents: only "restore". */
  trash?: boolean;
  onDownload: (doc: Document) => void;
  onVersions: (doc: Document) => void;
  onNewVersion: (doc: Document) => void;
  onDelete: (doc: Document) => void;
  onRestore: (doc: Document) => void;
}

/** Documents: title (and who shares it), category, version, file, uploaded by and at, actions. */
export function DocumentsTable(props: DocumentsTableProps) {
  const { t, i18n } = useTranslation();
  const columns = {
    title: t('documents.title', 'Titel'),
    category: t('documents.category', 'Categorie'),
    version: t('documents.version', 'Versie'),
    file: t('documents.file', 'Bestand'),
    uploaded: t('documents.uploaded', 'Geüpload door en op'),
    actions: t('documents.actions', 'Acties'),
  };
  const { rows, mayWrite, trash } = props;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        className={stacked.table}
        data-testid="documents-table"
      >
        <Table.Caption>
          {trash
            ? t('documents.trashCaption', 'Verwijderde documenten')
            : t('documents.caption', 'Documenten')}
        </Table.Caption>
        <TableHead columns={columns} />
        <Table.Tbody>
          {rows.map((doc) => (
            <Table.Tr key={doc.Id} data-testid="document-row" data-document-id={doc.Id}>
              <Table.Td>
                <Text fw={600} fz="sm" data-testid="document-row-title">
                  {doc.Title}
                </Text>
                {!doc.Own && (
                  <Text fz="xs" c="dimmed" data-testid="document-shared-by">
                    {t('documents.sharedBy', 'Gedeeld door {{name}}', { name: doc.EntityName })}
                  </Text>
                )}
                {doc.Own && doc.Shared && (
                  <Badge variant="light" size="sm" mt={4}>
                    {t('documents.sharedBadge', 'Gedeeld')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-label={columns.category}>{t(`documentCategory.${doc.Category}`)}</Table.Td>
              <Table.Td data-label={columns.version}>{doc.Version.Version}</Table.Td>
              <Table.Td data-label={columns.file}>
                {doc.Version.FileName} ({formatFileSize(doc.Version.Size, i18n.language)})
              </Table.Td>
              <Table.Td data-label={columns.uploaded}>
                {doc.Version.UploadedBy}, {formatDateTime(doc.Version.UploadedAt)}
              </Table.Td>
              <Table.Td data-full>
                <Group gap="xs" wrap="wrap">
                  {trash ? (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => props.onRestore(doc)}
                      aria-label={t('documents.restoreFor', '{{title}} terugzetten', { title: doc.Title })}
                      data-testid="document-restore"
                    >
                      {t('documents.restore', 'Terugzetten')}
                    </Button>
                  ) : (
                    <>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => props.onDownload(doc)}
                        aria-label={t('documents.downloadFor', '{{title}} downloaden', { title: doc.Title })}
                        data-testid="document-download"
                      >
                        {t('documents.download', 'Downloaden')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => props.onVersions(doc)}
                        aria-label={t('documents.versionsFor', 'Versies van {{title}}', { title: doc.Title })}
                        data-testid="document-versions"
                      >
                        {t('documents.versions', 'Versies')}
                      </Button>
                      {mayWrite && doc.Own && (
                        <>
                          <Button
                            size="compact-sm"
                            variant="default"
                            onClick={() => props.onNewVersion(doc)}
                            aria-label={t('documents.newVersionFor', 'Nieuwe versie van {{title}}', {
                              title: doc.Title,
                            })}
                            data-testid="document-new-version"
                          >
                            {t('documents.newVersion', 'Nieuwe versie')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="red"
                            onClick={() => props.onDelete(doc)}
                            aria-label={t('documents.deleteFor', '{{title}} verwijderen', {
                              title: doc.Title,
                            })}
                            data-testid="document-delete"
                          >
                            {t('common.delete', 'Verwijderen')}
                          </Button>
                        </>
                      )}
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
