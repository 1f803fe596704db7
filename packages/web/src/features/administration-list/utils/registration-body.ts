import type { FormErrors } from '@mantine/form';
import {
  registrationBodySchema,
  type AdministrationStatus,
  type DeviationReason,
  type PlannedMoment,
  type Registration,
  type RegistrationBodyInput,
  type TimingReason,
} from '@zorgportaal/contract';
import { contractResolver } from '../../../lib/form.ts';

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
  /** Given outside the dose's time window: the reason the nurse confirmed. */
  timingReason?: TimingReason | null;
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
    ...(input.timingReason ? { TimingReason: input.timingReason } : {}),
  };
}

/** The undo of a registration: it stays on record, marked as a wrong registration. */
export const undoBody = (moment: PlannedMoment, registration: Registration): RegistrationBodyInput =>
  registrationBody(moment, {
    status: 'cancelled',
    reason: 'wrong_registration',
    correctsId: registration.Id,
  });

/** The deviation / correction dialog as filled in: nothing chosen yet is null, no quantity ''. */
export interface RegistrationFormValues {
  status: AdministrationStatus | null;
  reason: DeviationReason | null;
  text: string;
  quantity: number | string;
  note: string;
}

/** What the dialog registers: a reason only for a deviation, a quantity only for a partial dose. */
export function registrationInput(
  values: RegistrationFormValues,
  correctsId: number | null,
): RegistrationInput {
  const needsReason = values.status !== null && values.status !== 'given';
  return {
    status: values.status as AdministrationStatus,
    reason: needsReason ? values.reason : null,
    text: values.reason === 'other' ? values.text : null,
    quantity: values.status === 'partial' && typeof values.quantity === 'number' ? values.quantity : null,
    note: values.note,
    correctsId,
  };
}

/** The body path of each message the dialog shows, and the field it shows under. */
const FORM_FIELDS: Record<string, keyof RegistrationFormValues> = {
  Status: 'status',
  DeviationReason: 'reason',
  DeviationText: 'text',
  AdministeredQty: 'quantity',
  Note: 'note',
};

/**
 * The dialog's validate: the body it would post, checked by the contract schema the server uses;
 * `messages` gives the dialog's own wording per field (the contract's is Dutch only).
 */
export function registrationFormResolver(
  moment: PlannedMoment,
  correctsId: number | null,
  messages: Partial<Record<keyof RegistrationFormValues, string>>,
): (values: RegistrationFormValues) => FormErrors {
  const resolve = contractResolver<RegistrationBodyInput>(registrationBodySchema);
  return (values) => {
    const body = registrationBody(moment, registrationInput(values, correctsId));
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(body))) {
      const field = FORM_FIELDS[path];
      if (field) errors[field] ??= messages[field] ?? message;
    }
    return errors;
  };
}
