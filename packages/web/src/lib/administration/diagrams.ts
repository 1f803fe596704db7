import type { Results } from '@zorgportaal/contract';
import { groupLabel } from '../format.ts';
import { getAccount } from '../session.ts';

export const DIAGRAM_MEASURES = [
  'registrations',
  'given',
  'deviations',
  'givenPercentage',
  'deviationPercentage',
] as const;
export type DiagramMeasure = (typeof DIAGRAM_MEASURES)[number];
export const DIAGRAM_GROUPINGS = ['department', 'medication', 'status'] as const;
export type DiagramGrouping = (typeof DIAGRAM_GROUPINGS)[number];
export const DIAGRAM_PERIODS = [7, 14, 30, 90] as const;

/** A chart composed on /zp/medication/diagram/add; its data is fetched live whenever it is shown. */
export interface DiagramDefinition {
  Id: string;
  Title: string;
  Measure: DiagramMeasure;
  GroupBy: DiagramGrouping;
  PeriodDays: number;
  DepartmentId: number | null;
  CreatedAt: string;
}

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

/**
 * Saved diagrams live in this browser's localStorage, per user: the API has no endpoint to store
 * them (the spec lists none), and a chart definition holds no patient data.
 */
const storageKey = () => `zorgportaal.diagrams.${getAccount()?.Username ?? 'anonymous'}`;

export function loadDiagrams(): DiagramDefinition[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey()) ?? '[]');
    return Array.isArray(parsed) ? (parsed as DiagramDefinition[]) : [];
  } catch {
    return [];
  }
}

const store = (diagrams: DiagramDefinition[]) =>
  window.localStorage.setItem(storageKey(), JSON.stringify(diagrams));

export function saveDiagram(definition: Omit<DiagramDefinition, 'Id' | 'CreatedAt'>): DiagramDefinition {
  const saved: DiagramDefinition = {
    ...definition,
    Id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    CreatedAt: new Date().toISOString(),
  };
  store([...loadDiagrams(), saved]);
  return saved;
}

export const removeDiagram = (id: string) => store(loadDiagrams().filter((diagram) => diagram.Id !== id));
