import type { Registration } from '@zorgportaal/contract';
import type * as t from './tables.ts';
import { isLate } from './rules.ts';

export type AdministrationRow = typeof t.administrations.$inferSelect;
export type UserRef = Registration['RecordedBy'];

const unknownUser = (id: number): UserRef => ({ Id: id, Username: `#${id}`, ScreenName: null });

/** A stored registration → the Registration JSON; `correctedById` comes from the correction, if any. */
export function toRegistration(
  row: AdministrationRow,
  users: Map<number, UserRef>,
  now: Date,
  correctedById: number | null = null,
): Registration {
  return {
    Id: row.id,
    EntityId: row.entityId,
    PatientId: row.patientId,
    AgreementId: row.agreementId,
    ScheduledAt: row.scheduledAt?.toISOString() ?? null,
    ScheduledQty: row.scheduledQty,
    AdministeredAt: row.administeredAt?.toISOString() ?? null,
    AdministeredQty: row.administeredQty,
    Status: row.status,
    DeviationReason: row.deviationReason as Registration['DeviationReason'],
    DeviationText: row.deviationText,
    DoubleCheckRequired: row.doubleCheckRequired,
    AwaitingDoubleCheck: row.doubleCheckRequired && row.doubleCheckBy === null,
    DoubleCheckBy:
      row.doubleCheckBy === null ? null : (users.get(row.doubleCheckBy) ?? unknownUser(row.doubleCheckBy)),
    DoubleCheckAt: row.doubleCheckAt?.toISOString() ?? null,
    RecordedBy: users.get(row.recordedBy) ?? unknownUser(row.recordedBy),
    RecordedAt: row.recordedAt.toISOString(),
    Note: row.note,
    CorrectsId: row.correctsId,
    CorrectedById: correctedById,
    Late: isLate(row.scheduledAt, row, now),
    TimingReason: row.timingReason,
  };
}
