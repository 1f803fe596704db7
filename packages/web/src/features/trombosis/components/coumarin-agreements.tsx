import '@mantine/core/styles/Table.css';
import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { formatDate } from '../../../lib/format.ts';
import { useCoumarinAgreements } from '../api/trombosis.ts';

/** Read-only: the patient's medication agreements of a coumarin (the prescriber's side of the dosing). */
export function CoumarinAgreements({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const agreements = useCoumarinAgreements(patientId);
  const period = t('trombosis.column.period', 'Periode');
  const prescriber = t('trombosis.coumarinAgreements.prescriber', 'Voorschrijver');
  const status = t('trombosis.coumarinAgreements.status', 'Status');

  const content = () => {
    if (agreements.isPending) return <Skeleton height={80} aria-busy="true" />;
    if (agreements.isError)
      return (
        <LoadError
          message={t(
            'trombosis.coumarinAgreements.error',
            'De cumarine-afspraken konden niet worden geladen.',
          )}
          error={agreements.error}
          onRetry={() => void agreements.refetch()}
        />
      );
    const rows = agreements.data.Rows;
    if (rows.length === 0)
      return (
        <Text c="dark.6" data-testid="coumarin-agreements-empty">
          {t('trombosis.coumarinAgreements.none', 'Geen cumarine-afspraken in de afgelopen 90 dagen.')}
        </Text>
      );
    return (
      <Table verticalSpacing="xs" striped className={stacked.table} data-testid="coumarin-agreements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trombosis.column.drug', 'Middel')}</Table.Th>
            <Table.Th>{period}</Table.Th>
            <Table.Th>{prescriber}</Table.Th>
            <Table.Th>{status}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.Id} data-testid="coumarin-agreement-row">
              <Table.Td>
                <Text fw={600}>{a.Medication.Name}</Text>
              </Table.Td>
              <Table.Td data-label={period}>
                {a.End
                  ? t('trombosis.periodUntil', '{{from}} t/m {{until}}', {
                      from: formatDate(a.Start),
                      until: formatDate(a.End),
                    })
                  : t('trombosis.periodFrom', 'vanaf {{from}}', { from: formatDate(a.Start) })}
              </Table.Td>
              <Table.Td data-label={prescriber}>{a.Prescriber}</Table.Td>
              <Table.Td data-label={status}>{t(`agreementStatus.${a.Status}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  };

  return (
    <Stack component="section" gap="xs" aria-labelledby="coumarin-agreements-title" data-no-print>
      <Title order={2} size="h4" id="coumarin-agreements-title">
        {t('trombosis.coumarinAgreements.title', 'Cumarine-afspraken')}
      </Title>
      <Text size="sm" c="dark.6">
        {t(
          'trombosis.coumarinAgreements.hint',
          'Medicatieafspraken van acenocoumarol en fenprocoumon, alleen ter inzage.',
        )}
      </Text>
      {content()}
    </Stack>
  );
}
