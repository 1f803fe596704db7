import '@mantine/core/styles/Table.css';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InrValue } from '@zorgportaal/contract';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { composeMessageHref, mayUseCommunication } from '../../../lib/live-messages.ts';
import { InterpretationBadge } from './interpretation-badge.tsx';

/**
 * INR values, newest first: moment, value, target range, interpretation, method, note, entered by, and a
 * link to write a message about the value (Communicatie).
 */
export function InrTable({ values, patientId }: { values: readonly InrValue[]; patientId: number }) {
  const { t } = useTranslation();
  const mayMessage = mayUseCommunication();
  const method = (m: InrValue['Method']) =>
    ({
      venous: t('trombosis.method.venous', 'Veneus'),
      fingerprick: t('trombosis.method.fingerprick', 'Vingerprik'),
      selftest: t('trombosis.method.selftest', 'Zelfmeting'),
    })[m];
  const columns = {
    measuredAt: t('trombosis.column.measuredAt', 'Gemeten op'),
    value: t('trombosis.column.value', 'INR'),
    range: t('trombosis.column.range', 'Streefgebied'),
    interpretation: t('trombosis.column.interpretation', 'Beoordeling'),
    method: t('trombosis.column.method', 'Methode'),
    note: t('trombosis.column.note', 'Opmerking'),
    enteredBy: t('trombosis.column.enteredBy', 'Ingevoerd door'),
    ...(mayMessage ? { message: t('trombosis.column.message', 'Overleg') } : {}),
  };
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" striped className={stacked.table} data-testid="inr-table">
        <TableHead columns={columns} />
        <Table.Tbody>
          {[...values].reverse().map((v) => (
            <Table.Tr key={v.Id} data-testid="inr-row" data-interpretation={v.Interpretation}>
              <Table.Td>
                <Text fw={600}>{formatDateTime(v.MeasuredAt)}</Text>
              </Table.Td>
              <Table.Td data-label={columns.value}>
                <Text fw={700} data-testid="inr-value">
                  {formatDecimal(v.Value)}
                </Text>
              </Table.Td>
              <Table.Td data-label={columns.range}>
                {formatDecimal(v.TargetRange.Low)}–{formatDecimal(v.TargetRange.High)}
              </Table.Td>
              <Table.Td data-label={columns.interpretation}>
                <InterpretationBadge value={v.Interpretation} />
              </Table.Td>
              <Table.Td data-label={columns.method}>{method(v.Method)}</Table.Td>
              <Table.Td data-label={columns.note}>{v.Note ?? '–'}</Table.Td>
              <Table.Td data-label={columns.enteredBy}>{v.EnteredBy ?? '–'}</Table.Td>
              {mayMessage ? (
                <Table.Td data-label={columns.message}>
                  <Anchor
                    component={Link}
                    to={composeMessageHref({ InrValueId: v.Id, PatientId: patientId })}
                    aria-label={t('trombosis.messageAbout', 'Bericht over INR {{value}} van {{at}}', {
                      value: formatDecimal(v.Value),
                      at: formatDateTime(v.MeasuredAt),
                    })}
                    data-testid="inr-message"
                  >
                    {t('trombosis.message', 'Bericht')}
                  </Anchor>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
