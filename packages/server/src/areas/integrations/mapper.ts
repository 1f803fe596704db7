import type { Integration, IntegrationReport, IntegrationReportDetail } from '@zorgportaal/contract';
import type { IntegrationRow, ReportLineRow, ReportRow } from './queries/index.ts';

export function toReport(row: ReportRow): IntegrationReport {
  return {
    Id: row.id,
    IntegrationId: row.integrationId,
    StartedAt: row.startedAt.toISOString(),
    FinishedAt: row.finishedAt?.toISOString() ?? null,
    Outcome: row.outcome,
    Created: row.created,
    Updated: row.updated,
    Unchanged: row.unchanged,
    Refused: row.refused,
    Message: row.message,
    StartedBy: row.startedByName,
  };
}

export function toReportDetail(row: ReportRow, lines: ReportLineRow[]): IntegrationReportDetail {
  return {
    ...toReport(row),
    Lines: lines.map((line) => ({
      Seq: line.seq,
      Reference: line.reference,
      Action: line.action,
      Reason: line.reason,
      PatientId: line.patientId,
    })),
  };
}

/** The stored key is never part of the answer: only whether there is one. */
export function toIntegration(row: IntegrationRow, last: ReportRow | undefined): Integration {
  return {
    Id: row.id,
    Type: row.type,
    Name: row.name,
    Source: row.source,
    Schedule: row.schedule,
    WardMapping: row.wardMapping.map((m) => ({ WardCode: m.wardCode, DepartmentId: m.departmentId })),
    Active: row.active,
    HasSecret: row.secretSealed !== null,
    NextRunAt: row.active && row.nextRunAt ? row.nextRunAt.toISOString() : null,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt?.toISOString() ?? null,
    LastReport: last ? toReport(last) : null,
  };
}
