import {
  agreementChangeBodySchema,
  agreementCreateBodySchema,
  type Agreement,
  type AgreementChangeBodyInput,
  type AgreementType,
  type DistributionForm,
  type Medication,
} from '@zorgportaal/contract';
import { issuesByPath } from '../../../lib/form.ts';

export interface MomentDraft {
  time: string;
  dose: number | '';
}

/** The agreement form's state: strings and '' for empty fields, converted to the API body on submit. */
export interface AgreementDraft {
  medication: Medication | null;
  type: AgreementType;
  prescriber: string;
  start: string;
  end: string;
  reason: string;
  distributionForm: DistributionForm;
  selfManaged: boolean;
  doseUnit: string;
  moments: MomentDraft[];
  weekdays: number[];
  criterion: string;
  maxPerDay: number | '';
  asNeededDose: number | '';
  note: string;
}

export const emptyDraft = (): AgreementDraft => ({
  medication: null,
  type: 'continuous',
  prescriber: '',
  start: '',
  end: '',
  reason: '',
  distributionForm: 'gds',
  selfManaged: false,
  doseUnit: 'stuk',
  moments: [{ time: '08:00', dose: 1 }],
  weekdays: [],
  criterion: '',
  maxPerDay: '',
  asNeededDose: '',
  note: '',
});

/** The form filled from an existing agreement (to change it). */
export const draftFromAgreement = (agreement: Agreement): AgreementDraft => ({
  medication: agreement.Medication,
  type: agreement.Type,
  prescriber: agreement.Prescriber,
  start: '',
  end: '',
  reason: '',
  distributionForm: agreement.DistributionForm,
  selfManaged: agreement.SelfManaged,
  doseUnit: agreement.Instructions.DoseUnit,
  moments: agreement.Instructions.Moments.map((moment) => ({ time: moment.Time, dose: moment.Dose })),
  weekdays: [...agreement.Instructions.Weekdays],
  criterion: agreement.Instructions.AsNeededCriterion ?? '',
  maxPerDay: agreement.Instructions.AsNeededMaxPerDay ?? '',
  asNeededDose: agreement.Instructions.AsNeededDose ?? '',
  note: agreement.Instructions.Note ?? '',
});

const numberOrNull = (value: number | '') => (value === '' ? null : value);
const textOrNull = (value: string) => value.trim() || null;

/** The body shared by create and change. As-needed agreements carry no timed moments. */
export function draftBody(draft: AgreementDraft): AgreementChangeBodyInput {
  const asNeeded = draft.type === 'as_needed';
  return {
    ...(draft.start ? { Start: draft.start } : {}),
    MedicationId: draft.medication?.Id as number,
    Prescriber: draft.prescriber,
    Type: draft.type,
    End: draft.end || null,
    Reason: textOrNull(draft.reason),
    DistributionForm: draft.distributionForm,
    SelfManaged: draft.selfManaged,
    Instructions: {
      DoseUnit: draft.doseUnit,
      Moments: asNeeded
        ? []
        : draft.moments.map((moment) => ({ Time: moment.time, Dose: moment.dose as number })),
      Weekdays: asNeeded ? [] : draft.weekdays,
      AsNeededCriterion: asNeeded ? textOrNull(draft.criterion) : null,
      AsNeededMaxPerDay: asNeeded ? numberOrNull(draft.maxPerDay) : null,
      AsNeededDose: asNeeded ? numberOrNull(draft.asNeededDose) : null,
      Note: textOrNull(draft.note),
    },
  };
}

export type DraftResult<T> = { ok: true; body: T } | { ok: false; fields: Record<string, string> };

/** Validates with the contract's schema (the same rules as the server); field errors by path. */
export function validateDraft(
  draft: AgreementDraft,
  patientId: number | null,
): DraftResult<AgreementChangeBodyInput> {
  const body = draftBody(draft);
  const fields: Record<string, string> = {};
  if (!draft.medication) fields.MedicationId = 'Kies een geneesmiddel.';
  draft.moments.forEach((moment, index) => {
    if (draft.type !== 'as_needed' && moment.dose === '')
      fields[`Instructions.Moments.${index}.Dose`] = 'Vul de dosis in.';
  });
  const parsed =
    patientId === null
      ? agreementChangeBodySchema.safeParse(body)
      : agreementCreateBodySchema.safeParse({ ...body, PatientId: patientId });
  if (!parsed.success) Object.assign(fields, { ...issuesByPath(parsed.error.issues), ...fields });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, body };
}
