import type { DayProgress, PlannedMoment, Registration } from '@zorgportaal/contract';

/** Test data for the administration utils and screens. */
export function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    Id: 1,
    EntityId: 1,
    PatientId: 1,
    AgreementId: 1,
    ScheduledAt: '2026-03-10T07:00:00.000Z',
    ScheduledQty: 1,
    AdministeredAt: '2026-03-10T07:05:00.000Z',
    AdministeredQty: 1,
    Status: 'given',
    DeviationReason: null,
    DeviationText: null,
    DoubleCheckRequired: false,
    AwaitingDoubleCheck: false,
    DoubleCheckBy: null,
    DoubleCheckAt: null,
    RecordedBy: { Id: 7, Username: 'verpleegkundige', ScreenName: 'Vera Verpleeg' },
    RecordedAt: '2026-03-10T07:05:00.000Z',
    Note: null,
    CorrectsId: null,
    CorrectedById: null,
    Late: false,
    TimingReason: null,
    ...overrides,
  };
}

export function moment(overrides: Partial<PlannedMoment> = {}): PlannedMoment {
  const agreementId = overrides.AgreementId ?? 1;
  const scheduledAt =
    overrides.ScheduledAt === undefined ? '2026-03-10T07:00:00.000Z' : overrides.ScheduledAt;
  return {
    Key: `${agreementId}@${scheduledAt ?? 'prn'}`,
    AgreementId: agreementId,
    PatientId: 1,
    PatientName: 'Anna de Vries',
    Room: '12',
    MedicationId: 3,
    MedicationName: 'PARACETAMOL TABLET 500MG',
    ScheduledAt: scheduledAt,
    Time: '08:00',
    Dose: 1,
    DoseUnit: 'tablet',
    DistributionForm: 'gds',
    SelfManaged: false,
    AsNeeded: false,
    AsNeededCriterion: null,
    AsNeededMaxPerDay: null,
    RiskCategories: [],
    DoubleCheckRequired: false,
    ConsentMissing: false,
    Late: false,
    Window: null,
    Registrations: [],
    ...overrides,
  };
}

/** The server's day figures of a list (computed there; the screen shows them as sent). */
export function summary(overrides: Partial<DayProgress> = {}): DayProgress {
  return {
    Planned: 3,
    Given: 0,
    Open: 3,
    Late: 0,
    Deviations: 0,
    AwaitingDoubleCheck: 0,
    CurrentRound: '08:00',
    ...overrides,
  };
}
