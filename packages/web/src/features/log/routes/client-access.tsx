import '@mantine/core/styles/Paper.css';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { todayInAmsterdam } from '../../../lib/dates.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { formatDate } from '../../../lib/format.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError } from '../../../lib/toast.ts';
import { usePatientParam } from '../../../lib/use-patient-param.ts';
import { useClientAccess, useClientAccessFile } from '../api/client-access.ts';
import { AccessTable } from '../components/access-table.tsx';

/**
 * /management/log/access?patient=… ("Wie heeft dit dossier ingezien", Wabvpz): every organisation's access
 * to one client's record, for the care centre responsible for the client, which hands the PDF (or the CSV)
 * to the client on request. Opened from the client (the medication overview); viewing it is itself logged.
 */
export default function ClientAccessPage() {
  const { t } = useTranslation();
  const [patientId] = usePatientParam();
  const access = useClientAccess(patientId);
  const file = useClientAccessFile();
  const first = access.data?.pages[0];
  const rows = access.data?.pages.flatMap((page) => page.Rows) ?? [];

  const download = (format: 'pdf' | 'csv') => {
    if (patientId === null) return;
    void withFeedback(file.mutateAsync({ patientId, format }), {
      onSuccess: (blob) => downloadBlob(blob, `inzage-dossier-${patientId}-${todayInAmsterdam()}.${format}`),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });
  };

  const body = () => {
    if (patientId === null)
      return (
        <Alert color="gray" variant="light" data-testid="access-no-patient">
          {t(
            'log.access.choosePatient',
            'Open de cliënt in het Actueel medicatie overzicht en kies daar "Wie heeft dit dossier ingezien".',
          )}
        </Alert>
      );
    if (access.isPending) return <TableSkeleton data-testid="access-skeleton" />;
    if (access.isError)
      return (
        <LoadError
          message={t('log.access.loadError', 'Het overzicht kon niet worden geladen.')}
          detail={apiErrorMessage(t, access.error)}
          onRetry={() => void access.refetch()}
          data-testid="access-error"
        />
      );
    const overview = first!;
    return (
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" data-testid="access-header">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Title order={2} size="h3" data-testid="access-patient">
                {overview.Patient.Name}
              </Title>
              {overview.Patient.DateOfBirth ? (
                <Text fz="sm">
                  {t('log.access.born', 'Geboren op {{date}}', {
                    date: formatDate(overview.Patient.DateOfBirth),
                  })}
                </Text>
              ) : null}
              <Text fz="sm" c="dimmed" maw={640}>
                {overview.StaffNames
                  ? t(
                      'log.access.staffShown',
                      'Medewerkers van {{organisation}} staan er met hun naam in; van andere organisaties de organisatie en de rol.',
                      { organisation: overview.EntityName },
                    )
                  : t(
                      'log.access.staffHidden',
                      'Namen van medewerkers staan er niet in, wel de organisatie en de rol (instelling onder Geavanceerd).',
                    )}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button
                onClick={() => download('pdf')}
                loading={file.isPending && file.variables?.format === 'pdf'}
                data-testid="access-pdf"
              >
                {t('log.access.pdf', 'PDF voor de cliënt')}
              </Button>
              <Button
                variant="default"
                onClick={() => download('csv')}
                loading={file.isPending && file.variables?.format === 'csv'}
                data-testid="access-csv"
              >
                {t('log.access.csv', 'CSV')}
              </Button>
            </Group>
          </Group>
        </Paper>
        {rows.length === 0 ? (
          <EmptyMessage
            title={t('log.access.empty', 'Er is geen inzage in dit dossier vastgelegd.')}
            data-testid="access-empty"
          />
        ) : (
          <AccessTable rows={rows} staffNames={overview.StaffNames} />
        )}
        {access.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="default"
              onClick={() => void access.fetchNextPage()}
              loading={access.isFetchingNextPage}
              data-testid="access-load-more"
            >
              {t('log.loadMore', 'Meer laden')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="client-access">
      <PageHeading title={t('routes.clientAccess', 'Wie heeft dit dossier ingezien')} />
      {body()}
    </Stack>
  );
}
