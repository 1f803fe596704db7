import type {
  AdministrationStatus,
  DeviationReason,
  PlannedMoment,
  Registration,
  RegistrationBodyInput,
} from '@zorgportaal/contract';

/** An undo: a correction to 'cancelled' with reason 'wrong_registration' (corrections never overwrite). */
export const isVoided = (registration: Pick<Registration, 'Status' | 'DeviationReason'>): boolean =>
  registration.Status === 'cancelled' && registration.DeviationReason === 'wrong_registration';

export interface RegistrationInput {
  status: AdministrationStatus;
  reason?: DeviationReason | null;
  text?: string | null;
  quantity?: number | null;
  note?: string | null;
  /** The registration this one corrects (required when the timed moment already has one). */
  correctsId?: number | null;
}

/** The POST body for a moment: timed moments carry their ScheduledAt, as-needed ones null. */
export function registrationBody(moment: PlannedMoment, input: RegistrationInput): RegistrationBodyInput {
  const given = input.status === 'given';
  return {
    AgreementId: moment.AgreementId,
    ScheduledAt: moment.AsNeeded ? null : moment.ScheduledAt,
    Status: input.status,
    ...(input.quantity !== undefined && input.quantity !== null ? { AdministeredQty: input.quantity } : {}),
    ...(moment.AsNeeded && given && moment.Dose !== null && input.quantity == null
      ? { AdministeredQty: moment.Dose }
      : {}),
    DeviationReason: given ? null : (input.reason ?? null),
    DeviationText: !given && input.reason === 'other' ? input.text?.trim() || null : null,
    Note: input.note?.trim() || null,
    CorrectsId: input.correctsId ?? null,
  };
}

/** The undo of a registration: it stays on record, marked as a wrong registration. */
export const undoBody = (moment: PlannedMoment, registration: Registration): RegistrationBodyInput =>
  registrationBody(moment, {
    status: 'cancelled',
    reason: 'wrong_registration',
    correctsId: registration.Id,
  });
