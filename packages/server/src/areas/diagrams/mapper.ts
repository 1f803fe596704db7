import type { Diagram, DiagramDefinition } from '@zorgportaal/contract';
import type { DiagramRow } from './queries.ts';

/** The stored definition in the contract's key order (jsonb keeps its own order). */
const definitionOf = (stored: DiagramDefinition): DiagramDefinition => ({
  Measure: stored.Measure,
  GroupBy: stored.GroupBy,
  PeriodDays: stored.PeriodDays,
  DepartmentId: stored.DepartmentId,
});

/** Whether two definitions show the same chart (for the audit entry's changed fields). */
export const sameDefinition = (a: DiagramDefinition, b: DiagramDefinition): boolean =>
  JSON.stringify(definitionOf(a)) === JSON.stringify(definitionOf(b));

export function toDiagram(row: DiagramRow, mayChange: boolean): Diagram {
  return {
    Id: row.id,
    Title: row.title,
    Definition: definitionOf(row.definition),
    OwnerAccountId: row.ownerAccountId,
    OwnerName: row.ownerName,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
    MayChange: mayChange,
  };
}
