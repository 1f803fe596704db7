import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Group, Table, Text } from '@mantine/core';
import type { IntegrationReport, IntegrationReportDetail, ReportLineAction } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import stacked from '../../../components/stacked-table.module.css';
import { formatDateTime } from '../../../lib/format.ts';

const ACTION_COLOR: Record<ReportLineAction, string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'gray',
  refused: 'red',
};
const OUTCOME_COLOR = { success: 'green', partial: 'orange', failure: 'red' } as const;

/** The counts of a run on one line: aangemaakt, bijgewerkt, ongewijzigd, geweigerd. */
export function ReportSummary({ report }: { report: IntegrationReport }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="report-summary">
      <Badge color={OUTCOME_COLOR[report.Outcome]} variant="light">
        {t(`integrations.outcomes.${report.Outcome}`)}
      </Badge>
      <Text fz="sm">
        {t(
          'integrations.counts',
          '{{created}} aangemaakt, {{updated}} bijgewerkt, {{unchanged}} ongewijzigd, {{refused}} geweigerd',
          {
            created: report.Created,
            updated: report.Updated,
            unchanged: report.Unchanged,
            refused: report.Refused,
          },
        )}
      </Text>
    </Group>
  );
}

/** A run's report: who started it and when, its counts, and every record with what happened and why. */
export function ReportView({ report }: { report: IntegrationReportDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Text fz="sm" c="dimmed">
        {t('integrations.startedBy', 'Gestart op {{at}} door {{by}}', {
          at: formatDateTime(report.StartedAt),
          by: report.StartedBy ?? '—',
        })}
      </Text>
      <ReportSummary report={report} />
      {report.Message && (
        <Alert color="red" role="alert" data-testid="report-message">
          {report.Message}
        </Alert>
      )}
      {report.Lines.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('integrations.noLines', 'De bron gaf geen cliënten.')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="xs" className={stacked.table} data-testid="report-lines">
            <Table.Caption>{t('integrations.linesCaption', 'Regels van het rapport')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('integrations.reference', 'Bronregel')}</Table.Th>
                <Table.Th>{t('integrations.result', 'Resultaat')}</Table.Th>
                <Table.Th>{t('integrations.reason', 'Reden')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.Lines.map((line) => (
                <Table.Tr key={line.Seq} data-testid="report-line" data-action={line.Action}>
                  <Table.Td>{line.Reference}</Table.Td>
                  <Table.Td data-label={t('integrations.result', 'Resultaat')}>
                    <Badge color={ACTION_COLOR[line.Action]} variant="light">
                      {t(`integrations.actions.${line.Action}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={t('integrations.reason', 'Reden')}>{line.Reason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
