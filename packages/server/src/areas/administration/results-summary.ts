import {
  ADMINISTRATION_STATUSES,
  type AdministrationStatus,
  type ResultGrouping,
  type Results,
} from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';
import { groupLabels } from './queries/result-labels.ts';

/** One counted cell: a group key (status, id, day or week) and a status, with its late and awaiting subsets. */
export interface ResultCount {
  key: string;
  status: AdministrationStatus;
  count: number;
  late: number;
  awaiting: number;
}

const percentage = (count: number, total: number) =>
  total === 0 ? 0 : Math.round((count * 1000) / total) / 10;
const byStatus = (counts: Map<AdministrationStatus, number>, total: number) =>
  ADMINISTRATION_STATUSES.map((Status) => {
    const Count = counts.get(Status) ?? 0;
    return { Status, Count, Percentage: percentage(Count, total) };
  });

/** The overview's answer from counted cells: totals, percentages and labelled groups. */
export async function summariseResults(
  db: Db,
  period: { from: string; to: string; groupBy: ResultGrouping },
  rows: ResultCount[],
): Promise<Results> {
  const { groupBy } = period;
  const totals = new Map<AdministrationStatus, number>();
  const groups = new Map<string, Map<AdministrationStatus, number>>();
  let total = 0;
  let late = 0;
  let awaiting = 0;
  for (const row of rows) {
    if (row.count === 0) continue; // a roll-up cell emptied by corrections
    total += row.count;
    late += row.late;
    awaiting += row.awaiting;
    totals.set(row.status, (totals.get(row.status) ?? 0) + row.count);
    const group = groups.get(row.key) ?? new Map<AdministrationStatus, number>();
    group.set(row.status, (group.get(row.status) ?? 0) + row.count);
    groups.set(row.key, group);
  }
  const labels = await groupLabels(db, groupBy, [...groups.keys()]);
  const inTime = groupBy === 'day' || groupBy === 'week';
  return {
    From: period.from,
    To: period.to,
    Total: total,
    ByStatus: byStatus(totals, total),
    Late: { Count: late, Percentage: percentage(late, total) },
    AwaitingDoubleCheck: awaiting,
    GroupBy: groupBy,
    Groups: [...groups.entries()]
      .map(([Key, counts]) => {
        const groupTotal = [...counts.values()].reduce((sum, n) => sum + n, 0);
        return {
          Key,
          Label: labels.get(Key) ?? Key,
          Total: groupTotal,
          ByStatus: byStatus(counts, groupTotal),
        };
      })
      // Equal totals in key order, so the answer does not depend on the plan.
      .sort((x, y) => (inTime ? 0 : y.Total - x.Total) || x.Key.localeCompare(y.Key)),
  };
}
