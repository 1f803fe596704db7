import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agreement } from '@zorgportaal/contract';
import { useWeekdays } from '../../../lib/weekdays.ts';
import { chosenWeekdaysText, formatAmount, momentsText, periodParts } from '../utils/instructions.ts';
import stacked from '../../../components/stacked-table.module.css';

const STATUS_COLOR: Record<Agreement['Status'], string> = {
  active: 'green.8',
  future: 'blue.8',
  ended: 'gray.7',
  stopped: 'red.8',
};

interface AgreementsTableProps {
  rows: readonly Agreement[];
  testId: string;
  /** Shown for active and future agreements when the user may write. */
  onChange?: (agreement: Agreement) => void;
  onStop?: (agreement: Agreement) => void;
  /** The prescriber's authorised signature column (shown to prescribers only). */
  signature?: (agreement: Agreement) => ReactNode;
}

/** Agreements with product, strength, dose and times, period, prescriber and reason. */
export function AgreementsTable({ rows, testId, onChange, onStop, signature }: AgreementsTableProps) {
  const { t } = useTranslation();
  const weekdays = useWeekdays();
  const editable = !!(onChange || onStop);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" striped className={stacked.table} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('medication.column.product', 'Geneesmiddel')}</Table.Th>
            <Table.Th>{t('medication.column.dose', 'Dosering')}</Table.Th>
            <Table.Th>{t('medication.column.period', 'Periode')}</Table.Th>
            <Table.Th>{t('medication.column.prescriber', 'Voorschrijver')}</Table.Th>
            <Table.Th>{t('medication.column.reason', 'Reden')}</Table.Th>
            {signature ? <Table.Th>{t('medication.column.signature', 'Handtekening')}</Table.Th> : null}
            {editable ? <Table.Th data-no-print>{t('medication.column.actions', 'Acties')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((agreement) => {
            const { Instructions: instructions, Medication: medication } = agreement;
            const period = periodParts(agreement);
            const days = chosenWeekdaysText(instructions.Weekdays, weekdays);
            const open = agreement.Status === 'active' || agreement.Status === 'future';
            return (
              <Table.Tr
                key={agreement.Id}
                data-testid="agreement-row"
                data-agreement-id={agreement.Id}
                data-status={agreement.Status}
              >
                <Table.Td>
                  <Stack gap={2}>
                    <Text fw={600}>{medication.Name}</Text>
                    <Text size="sm" c="dark.6">
                      {formatAmount(medication.Strength.Value, medication.Strength.Unit)} · {medication.Form}{' '}
                      · {t(`distributionForm.${agreement.DistributionForm}`)}
                    </Text>
                    <Group gap={4}>
                      <Badge color={STATUS_COLOR[agreement.Status]} variant="outline" size="sm">
                        {t(`agreementStatus.${agreement.Status}`)}
                      </Badge>
                      <Badge color="gray.7" variant="outline" size="sm">
                        {t(`agreementType.${agreement.Type}`)}
                      </Badge>
                      {agreement.DoubleCheckRequired ? (
                        <Badge color="orange.9" variant="outline" size="sm">
                          {t('medication.doubleCheck', 'Dubbele controle')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td data-label={t('medication.column.dose', 'Dosering')}>
                  {instructions.Moments.length > 0 ? (
                    <Text size="sm">{momentsText(instructions)}</Text>
                  ) : null}
                  {days ? (
                    <Text size="sm" c="dark.6">
                      {t('medication.onDays', 'Op: {{days}}', { days })}
                    </Text>
                  ) : null}
                  {instructions.AsNeededCriterion ? (
                    <Text size="sm">
                      {t('medication.asNeeded', 'Zo nodig bij {{criterion}}', {
                        criterion: instructions.AsNeededCriterion,
                      })}
                      {instructions.AsNeededDose !== null
                        ? `, ${formatAmount(instructions.AsNeededDose, instructions.DoseUnit)}`
                        : ''}
                      {instructions.AsNeededMaxPerDay !== null
                        ? `, ${t('medication.maxPerDay', 'max. {{max}} per dag', { max: instructions.AsNeededMaxPerDay })}`
                        : ''}
                    </Text>
                  ) : null}
                  {instructions.Note ? (
                    <Text size="sm" c="dark.6">
                      {instructions.Note}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label={t('medication.column.period', 'Periode')}>
                  <Text size="sm">
                    {period.end
                      ? t('medication.periodUntil', '{{start}} t/m {{end}}', period)
                      : t('medication.periodFrom', 'vanaf {{start}}', period)}
                  </Text>
                  {agreement.StopType ? (
                    <Text size="sm" c="red.8">
                      {t(`stopType.${agreement.StopType}`)}
                      {agreement.StopReason ? `: ${agreement.StopReason}` : ''}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label={t('medication.column.prescriber', 'Voorschrijver')}>
                  <Text size="sm">{agreement.Prescriber}</Text>
                </Table.Td>
                <Table.Td data-label={t('medication.column.reason', 'Reden')}>
                  <Text size="sm">{agreement.Reason ?? '–'}</Text>
                </Table.Td>
                {signature ? (
                  <Table.Td data-label={t('medication.column.signature', 'Handtekening')}>
                    {signature(agreement)}
                  </Table.Td>
                ) : null}
                {editable ? (
                  <Table.Td data-no-print data-full>
                    {open ? (
                      // The buttons stack when the columns are tight (a prescriber's signature column at a desk).
                      <Group gap="xs">
                        {onChange ? (
                          <Button
                            size="sm"
                            variant="default"
                            onClick={() => onChange(agreement)}
                            data-testid="agreement-change"
                          >
                            {t('medication.change', 'Wijzigen')}
                          </Button>
                        ) : null}
                        {onStop ? (
                          <Button
                            size="sm"
                            variant="light"
                            color="red"
                            onClick={() => onStop(agreement)}
                            data-testid="agreement-stop"
                          >
                            {t('medication.stop.submit', 'Stoppen')}
                          </Button>
                        ) : null}
                      </Group>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
