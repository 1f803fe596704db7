import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Integration, IntegrationReportDetail } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useIntegrationReport, useIntegrationReports } from '../api/integrations.ts';
import { ReportSummary, ReportView } from './report-view.tsx';
import { Dialog } from '../../../components/dialog.tsx';

interface ReportsDialogProps {
  integration: Integration;
  /** A report just made by "Nu synchroniseren": shown first. */
  fresh: IntegrationReportDetail | null;
  onClose: () => void;
}

/** The runs of one integration, newest first; a run opens its report with every line. */
export function ReportsDialog({ integration, fresh, onClose }: ReportsDialogProps) {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number | null>(null);
  const reports = useIntegrationReports(fresh || openId !== null ? null : integration.Id);
  const detail = useIntegrationReport(openId);
  const shown = openId !== null ? detail.data : fresh;

  let body;
  if (shown) {
    body = (
      <Stack gap="sm" data-testid="report-detail">
        <ReportView report={shown} />
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => {
              setOpenId(null);
              if (fresh) onClose();
            }}
          >
            {fresh ? t('common.close', 'Sluiten') : t('integrations.backToReports', 'Terug naar rapporten')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (openId !== null || reports.isPending) {
    body = detail.isError ? (
      <LoadError message={apiErrorMessage(t, detail.error)} onRetry={() => void detail.refetch()} />
    ) : (
      <TableSkeleton />
    );
  } else if (reports.isError) {
    body = (
      <LoadError
        message={t('integrations.reportsError', 'De rapporten konden niet worden geladen.')}
        detail={apiErrorMessage(t, reports.error)}
        onRetry={() => void reports.refetch()}
      />
    );
  } else if (reports.data.Rows.length === 0) {
    body = (
      <Text c="dimmed" data-testid="reports-empty">
        {t('integrations.noReports', 'Deze koppeling heeft nog niet gedraaid.')}
      </Text>
    );
  } else {
    body = (
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="reports-table">
        <Table.Caption>{t('integrations.reports', 'Rapporten')}</Table.Caption>
        <Table.Tbody>
          {reports.data.Rows.map((report) => (
            <Table.Tr key={report.Id} data-testid="report-row">
              <Table.Td>{formatDateTime(report.StartedAt)}</Table.Td>
              <Table.Td>
                <ReportSummary report={report} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setOpenId(report.Id)}
                  data-testid="report-open"
                >
                  {t('integrations.openReport', 'Bekijken')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Dialog
      opened
      onClose={onClose}
      size="xl"
      title={t('integrations.reportsTitle', 'Rapporten van {{name}}', { name: integration.Name })}
      data-testid="reports-dialog"
    >
      {body}
    </Dialog>
  );
}
