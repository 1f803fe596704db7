import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Anchor, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import classes from '../../../components/stacked-table.module.css';
import { formatDate } from '../../../lib/format.ts';
import { hasPermission } from '../../../lib/session.ts';
import { usePatientChoices } from '../../../lib/search-patients.ts';
import { useReviewsDue, useVpHistory } from '../api/vp.ts';
import { HistoryTimeline } from '../components/history-timeline.tsx';
import { ReviewDialog } from '../components/review-dialog.tsx';

/** /vp/history (Terugblikken): per client the timeline of medication changes and reviews; reviews due. */
export default function VpHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const patientId = Number(params.get('patient')) || null;
  const patients = usePatientChoices();
  const history = useVpHistory(patientId);
  const due = useReviewsDue();
  const [reviewing, setReviewing] = useState(false);
  const choose = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('patient');
      else next.set('patient', String(id));
      return next;
    });
  const column = {
    patient: t('vp.columns.patient', 'Cliënt'),
    next: t('vp.due.next', 'Gepland op'),
    last: t('vp.due.last', 'Vorige beoordeling'),
  };
  const dueRows = due.data?.Rows ?? [];

  return (
    <Stack gap="md">
      <PageHeading title={t('routes.vpHistory', 'Terugblikken')} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reviews-due-heading">
        <Title order={2} size="h4" id="reviews-due-heading" mb="xs">
          {t('vp.due.title', 'Medicatiebeoordelingen gepland (komende 14 dagen en verlopen)')}
        </Title>
        {due.isPending ? (
          <Skeleton height={60} />
        ) : dueRows.length === 0 ? (
          <Text size="sm" c="dark.6" data-testid="reviews-due-empty">
            {t('vp.due.empty', 'Geen beoordelingen gepland.')}
          </Text>
        ) : (
          <Table className={classes.table} data-testid="reviews-due">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{column.patient}</Table.Th>
                <Table.Th>{column.next}</Table.Th>
                <Table.Th>{column.last}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dueRows.map((row) => (
                <Table.Tr key={row.PatientId}>
                  <Table.Td data-label={column.patient}>
                    <Anchor component="button" type="button" c="blue.9" onClick={() => choose(row.PatientId)}>
                      {row.PatientName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-label={column.next}>{formatDate(row.NextReviewOn)}</Table.Td>
                  <Table.Td data-label={column.last}>{formatDate(row.LastReviewedOn)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Group align="flex-end">
        <Select
          label={t('vp.patient', 'Cliënt')}
          placeholder={t('vp.patientPlaceholder', 'Kies een cliënt')}
          searchable
          clearable
          data={(patients.data?.Rows ?? []).map((p) => ({
            value: String(p.Id),
            label: `${p.ScreenName} (${p.DepartmentName})`,
          }))}
          value={patientId === null ? null : String(patientId)}
          onChange={(value) => choose(value === null ? null : Number(value))}
          miw={280}
          data-testid="history-patient"
        />
        {patientId !== null && history.isSuccess && hasPermission('medication.write') ? (
          <Button onClick={() => setReviewing(true)} data-testid="review-open">
            {t('vp.review.open', 'Beoordeling vastleggen')}
          </Button>
        ) : null}
      </Group>
      {patientId === null ? (
        <EmptyMessage
          title={t('vp.pickPatient', 'Kies een cliënt om terug te blikken.')}
          data-testid="history-none"
        />
      ) : history.isPending ? (
        <Skeleton height={200} aria-busy="true" />
      ) : history.isError ? (
        <LoadError
          message={t('vp.historyError', 'De geschiedenis kon niet worden geladen.')}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.Events.length === 0 ? (
        <EmptyMessage title={t('vp.noHistory', 'Nog geen medicatiewijzigingen of beoordelingen.')} />
      ) : (
        <HistoryTimeline events={history.data.Events} />
      )}
      {reviewing && history.data ? (
        <ReviewDialog
          patientId={history.data.PatientId}
          patientName={history.data.PatientName}
          onClose={() => setReviewing(false)}
        />
      ) : null}
    </Stack>
  );
}
