import type { FormErrors } from '@mantine/form';
import { medicationReviewBodySchema, type MedicationReviewBody } from '@zorgportaal/contract';
import type { TFunction } from 'i18next';
import { issuesByPath } from '../../../lib/form.ts';

/** The review form: optional texts are '' while empty; `reviewBody` makes the request body. */
export interface ReviewValues {
  ReviewedOn: string;
  Prescriber: string;
  Pharmacist: string;
  Nurse: string;
  Findings: string;
  AgreedChanges: string;
  NextReviewOn: string;
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

export const reviewBody = (patientId: number, v: ReviewValues) => ({
  PatientId: patientId,
  ReviewedOn: v.ReviewedOn,
  Prescriber: v.Prescriber,
  Pharmacist: orNull(v.Pharmacist),
  Nurse: orNull(v.Nurse),
  Findings: v.Findings,
  AgreedChanges: orNull(v.AgreedChanges),
  NextReviewOn: orNull(v.NextReviewOn),
});

const messages = (t: TFunction): Record<string, string> => ({
  ReviewedOn: t('vp.errors.date', 'Vul een bestaande datum in.'),
  NextReviewOn: t(
    'vp.errors.next',
    'De volgende beoordeling moet een bestaande datum na deze beoordeling zijn.',
  ),
  Prescriber: t('vp.errors.prescriber', 'Vul de voorschrijver in.'),
  Findings: t('vp.errors.findings', 'Vul de bevindingen in.'),
});

/** Checks the body it would send with the contract schema the server runs. */
export function validateReview(t: TFunction, patientId: number, values: ReviewValues): FormErrors {
  const parsed = medicationReviewBodySchema.safeParse(reviewBody(patientId, values));
  if (parsed.success) return {};
  const byPath = issuesByPath(parsed.error.issues);
  const translated = messages(t);
  return Object.fromEntries(Object.keys(byPath).map((path) => [path, translated[path] ?? byPath[path]!]));
}

export const parsedReview = (patientId: number, values: ReviewValues): MedicationReviewBody =>
  medicationReviewBodySchema.parse(reviewBody(patientId, values));
