import '@mantine/core/styles/Skeleton.css';
import { Alert, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdministrationStatus, DiagramDefinition } from '@zorgportaal/contract';
import { useResults } from '../../lib/administration/get-results.ts';
import { addDays, todayInAmsterdam } from '../../lib/dates.ts';
import { diagramRows, isPercentage } from '../../lib/administration/diagrams.ts';
import { statusColor } from '../../lib/administration/status.ts';
import { BarChart } from './bar-chart.tsx';
import { LoadError } from '../load-error.tsx';

/** The period of a diagram: the last N days up to and including today. */
export const diagramPeriod = (days: number) => {
  const to = todayInAmsterdam();
  return { from: addDays(to, -(days - 1)), to };
};

/** A diagram with live data from the results endpoint (skeleton → error → empty → chart). */
export function DiagramView({ spec, label }: { spec: DiagramDefinition; label: string }) {
  const { t } = useTranslation();
  const results = useResults({
    ...diagramPeriod(spec.PeriodDays),
    groupBy: spec.GroupBy,
    departmentId: spec.DepartmentId ?? undefined,
  });
  if (results.isPending) return <Skeleton height={160} aria-busy="true" />;
  if (results.isError)
    return (
      <LoadError
        message={t('administration.diagram.error', 'De gegevens van het diagram konden niet worden geladen.')}
        error={results.error}
        onRetry={() => void results.refetch()}
        data-testid="diagram-error"
      />
    );
  const rows = diagramRows(results.data, spec.Measure);
  if (rows.length === 0)
    return (
      <Alert color="gray" variant="light" data-testid="diagram-empty">
        {t('administration.diagram.empty', 'Geen registraties in deze periode.')}
      </Alert>
    );
  return (
    <>
      <BarChart
        rows={rows}
        percentage={isPercentage(spec.Measure)}
        label={label}
        colorOf={
          spec.GroupBy === 'status'
            ? (row) => `var(--mantine-color-${statusColor(row.key as AdministrationStatus)}-8)`
            : undefined
        }
      />
      <Text size="xs" c="dark.6" mt={4}>
        {t('administration.diagram.total', '{{total}} registraties', { total: results.data.Total })}
      </Text>
    </>
  );
}
