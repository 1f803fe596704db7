import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { INR_CRITICAL_HIGH, INR_CRITICAL_LOW, type InrValue } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { ReferenceArea } from 'recharts';
import { formatDate, formatDateTime, formatDecimal } from '../../../lib/format.ts';

/**
 * INR over time (a time axis, so the gaps between checks are true to scale) with the target band and
 * the critical limits; critical values are drawn as separate marks. The table beside it carries the
 * same values in words, so the chart is never the only way to read them.
 */
export function InrChart({
  values,
  range,
}: {
  values: readonly InrValue[];
  range: { Low: number; High: number } | null;
}) {
  const { t } = useTranslation();
  const inr = t('trombosis.chart.inr', 'INR');
  const critical = t('trombosis.chart.critical', 'Kritieke waarde');
  const data = values.map((v) => ({
    at: Date.parse(v.MeasuredAt),
    [inr]: v.Value,
    [critical]: v.Interpretation === 'critical' ? v.Value : null,
  }));
  const max = Math.max(INR_CRITICAL_HIGH + 1, ...values.map((v) => Math.ceil(v.Value)));
  const summary = t('trombosis.chart.summary', 'Grafiek van {{count}} INR-waarden van {{from}} tot {{to}}.', {
    count: values.length,
    from: values[0] ? formatDate(values[0].MeasuredAt) : '',
    to: values.at(-1) ? formatDate(values.at(-1)!.MeasuredAt) : '',
  });
  return (
    <figure style={{ margin: 0 }} data-testid="inr-chart">
      <div role="img" aria-label={summary}>
        <LineChart
          h={280}
          data={data}
          dataKey="at"
          series={[
            { name: inr, color: 'blue.8' },
            { name: critical, color: 'red.9' },
          ]}
          connectNulls={false}
          curveType="linear"
          withLegend
          dotProps={{ r: 4 }}
          yAxisProps={{ domain: [0, max], allowDecimals: true }}
          xAxisProps={{
            type: 'number',
            scale: 'time',
            domain: ['dataMin', 'dataMax'],
            tickFormatter: (ms: number) => formatDate(new Date(ms)),
          }}
          tooltipProps={{ labelFormatter: (ms) => formatDateTime(new Date(Number(ms))) }}
          referenceLines={[
            {
              y: INR_CRITICAL_HIGH,
              label: `${t('trombosis.chart.criticalLimit', 'Kritiek')} ${formatDecimal(INR_CRITICAL_HIGH)}`,
              color: 'red.9',
            },
            {
              y: INR_CRITICAL_LOW,
              label: `${t('trombosis.chart.criticalLimit', 'Kritiek')} ${formatDecimal(INR_CRITICAL_LOW)}`,
              color: 'red.9',
            },
          ]}
        >
          {range ? <ReferenceArea y1={range.Low} y2={range.High} fill="#2f9e44" fillOpacity={0.15} /> : null}
        </LineChart>
      </div>
      <Text component="figcaption" size="sm" c="dark.6">
        {range
          ? t(
              'trombosis.chart.band',
              'Groene band: streefgebied {{low}}–{{high}}. Rode lijnen: kritieke grenzen.',
              {
                low: formatDecimal(range.Low),
                high: formatDecimal(range.High),
              },
            )
          : t('trombosis.chart.noBand', 'Nog geen streefgebied vastgelegd. Rode lijnen: kritieke grenzen.')}
      </Text>
    </figure>
  );
}
