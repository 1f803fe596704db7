import type { DiagramMeasure, Results } from '@zorgportaal/contract';
import { groupLabel } from '../format.ts';

export interface DiagramRow {
  key: string;
  label: string;
  value: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The bars of a chart: one per result group, largest first for counts, in group order for percentages. */
export function diagramRows(
  results: Pick<Results, 'Groups'> & Partial<Pick<Results, 'GroupBy'>>,
  measure: DiagramMeasure,
): DiagramRow[] {
  const rows = results.Groups.map((group) => {
    const given = group.ByStatus.find((status) => status.Status === 'given')?.Count ?? 0;
    const deviations = group.Total - given;
    const share = (part: number) => (group.Total === 0 ? 0 : round1((part / group.Total) * 100));
    const value = {
      registrations: group.Total,
      given,
      deviations,
      givenPercentage: share(given),
      deviationPercentage: share(deviations),
    }[measure];
    return { key: group.Key, label: groupLabel(results.GroupBy ?? '', group), value };
  });
  return rows.sort((a, b) => b.value - a.value);
}

export const isPercentage = (measure: DiagramMeasure) => measure.endsWith('Percentage');
