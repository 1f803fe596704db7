import '@mantine/core/styles/Table.css';
import { Anchor, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import classes from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useVpDashboard } from '../api/vp.ts';

/** /vp/dashboard (Dashboard): the prescriber's clients with something open. */
export default function VpDashboardPage() {
  const { t } = useTranslation();
  const dashboard = useVpDashboard();
  const column = {
    patient: t('vp.columns.patient', 'Cliënt'),
    department: t('vp.columns.department', 'Afdeling'),
    signature: t('vp.columns.signature', 'Wacht op handtekening'),
    deviations: t('vp.columns.deviations', 'Afwijkingen (7 dagen)'),
    inr: t('vp.columns.inr', 'INR-alarm (7 dagen)'),
    consent: t('vp.columns.consent', 'Toestemming eTDR'),
    messages: t('vp.columns.messages', 'Ongelezen berichten'),
    review: t('vp.columns.review', 'Medicatiebeoordeling'),
  };
  const rows = dashboard.data?.Rows ?? [];
  return (
    <Stack gap="md">
      <PageHeading title={t('routes.vpDashboard', 'Dashboard')} />
      {dashboard.isPending ? (
        <Skeleton height={160} aria-busy="true" />
      ) : dashboard.isError ? (
        <LoadError
          message={t('vp.loadError', 'Het overzicht kon niet worden geladen.')}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyMessage
          title={t('vp.nothingOpen', 'Er staat niets open voor uw cliënten.')}
          description={t('vp.patientCount', {
            count: dashboard.data.PatientCount,
            defaultValue: 'U bent voorschrijver van {{count}} cliënten.',
          })}
          data-testid="vp-empty"
        />
      ) : (
        <>
          <Text size="sm" c="dark.6" data-testid="vp-summary">
            {t('vp.summary', {
              open: rows.length,
              count: dashboard.data.PatientCount,
              defaultValue: '{{open}} van uw {{count}} cliënten hebben iets openstaan.',
            })}
          </Text>
          <Table className={classes.table} data-testid="vp-table">
            <TableHead columns={column} />
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.PatientId} data-testid="vp-row">
                  <Table.Td data-label={column.patient}>
                    <Anchor component={Link} to={`/vp/history?patient=${row.PatientId}`} c="blue.9">
                      {row.PatientName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-label={column.department}>{row.DepartmentName}</Table.Td>
                  <Table.Td data-label={column.signature}>
                    {row.AwaitingSignature > 0 ? (
                      <Anchor
                        component={Link}
                        to={`/amo?patient=${row.PatientId}`}
                        c="blue.9"
                        data-testid="vp-signature"
                      >
                        {t('vp.agreements', {
                          count: row.AwaitingSignature,
                          defaultValue_one: '{{count}} afspraak',
                          defaultValue_other: '{{count}} afspraken',
                        })}
                      </Anchor>
                    ) : (
                      '–'
                    )}
                  </Table.Td>
                  <Table.Td data-label={column.deviations} data-testid="vp-deviations">
                    {row.Deviations > 0 ? row.Deviations : '–'}
                  </Table.Td>
                  <Table.Td data-label={column.inr} data-testid="vp-inr">
                    {row.InrAlerts > 0 ? (
                      <Text span c="red.8" fw={600}>
                        {t('vp.inrAlerts', {
                          count: row.InrAlerts,
                          defaultValue_one: '{{count}} kritieke waarde',
                          defaultValue_other: '{{count}} kritieke waarden',
                        })}
                      </Text>
                    ) : (
                      '–'
                    )}
                  </Table.Td>
                  <Table.Td data-label={column.consent}>
                    {row.ConsentMissing
                      ? t('vp.consentMissing', 'Ontbreekt')
                      : t('vp.consentGiven', 'Vastgelegd')}
                  </Table.Td>
                  <Table.Td data-label={column.messages}>
                    {row.UnreadMessages > 0 ? (
                      <Anchor component={Link} to="/vp/communication?filter=unread" c="blue.9">
                        {row.UnreadMessages}
                      </Anchor>
                    ) : (
                      '–'
                    )}
                  </Table.Td>
                  <Table.Td data-label={column.review}>
                    {row.ReviewDue
                      ? t('vp.reviewDue', {
                          date: formatDate(row.ReviewDue),
                          defaultValue: 'Gepland {{date}} (verlopen)',
                        })
                      : '–'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
