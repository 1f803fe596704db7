import '@mantine/core/styles/Table.css';
import { Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocument } from '../api/documents.ts';
import { formatFileSize } from '../utils/file-size.ts';
import { Dialog } from '../../../components/dialog.tsx';

interface VersionsDialogProps {
  documentId: number | null;
  onClose: () => void;
  onDownload: (id: number, version: number, fileName: string) => void;
}

/** Every version of a document, newest first; each one downloadable. */
export function VersionsDialog({ documentId, onClose, onDownload }: VersionsDialogProps) {
  const { t, i18n } = useTranslation();
  const columns = {
    version: t('documents.version', 'Versie'),
    file: t('documents.file', 'Bestand'),
    uploaded: t('documents.uploaded', 'Geüpload door en op'),
    actions: t('documents.actions', 'Acties'),
  };
  const doc = useDocument(documentId);
  return (
    <Dialog
      opened={documentId !== null}
      onClose={onClose}
      size="lg"
      title={
        doc.data
          ? t('documents.versionsOf', 'Versies van {{title}}', { title: doc.data.Title })
          : t('documents.versions', 'Versies')
      }
      centered
      data-testid="document-versions-dialog"
    >
      {doc.isPending ? (
        <TableSkeleton />
      ) : doc.isError ? (
        <LoadError
          message={t('documents.loadError', 'De documenten konden niet worden geladen.')}
          detail={apiErrorMessage(t, doc.error)}
          onRetry={() => void doc.refetch()}
        />
      ) : (
        <Table verticalSpacing="xs">
          <Table.Caption>{t('documents.versions', 'Versies')}</Table.Caption>
          <TableHead columns={columns} />
          <Table.Tbody>
            {doc.data.Versions.map((v) => (
              <Table.Tr key={v.Version} data-testid="document-version-row">
                <Table.Td>{v.Version}</Table.Td>
                <Table.Td>
                  {v.FileName} ({formatFileSize(v.Size, i18n.language)})
                </Table.Td>
                <Table.Td>
                  {v.UploadedBy}, {formatDateTime(v.UploadedAt)}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => onDownload(doc.data.Id, v.Version, v.FileName)}
                    aria-label={t('documents.downloadVersion', 'Versie {{version}} downloaden', {
                      version: v.Version,
                    })}
                  >
                    {t('documents.download', 'Downloaden')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Dialog>
  );
}
