import type { Dosage, MedicationRequest } from '@medplum/fhirtypes';
import {
  type AgreementType,
  dateOrDateTimeSchema,
  type Instructions,
  instructionsSchema,
} from '@zorgportaal/contract';
import { FhirError } from '../outcome.ts';
import { numericId } from '../params.ts';
import { PERIOD_EXTENSION, ZORGPORTAAL } from '../resources/medication-request.ts';

/** Our own identifier of an agreement (what the read side emits): its value is the agreement id. */
export const OWN_AGREEMENT_SYSTEM = `${ZORGPORTAAL}/NamingSystem/medication-agreement`;

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const TYPE_OF_COURSE: Record<string, AgreementType> = { continuous: 'continuous', acute: 'temporary' };

/** What one MedicationRequest of a transaction asks for, checked but not yet resolved against the database. */
export interface AgreementInput {
  /** The business identifier, or ours (then `ownId` is the agreement id). */
  identifier: { system: string; value: string };
  ownId: number | null;
  patientId: number;
  medicationId: number;
  status: 'active' | 'stopped' | 'completed';
  statusReason: string | null;
  prescriber: string | null;
  reason: string | null;
  /** From courseOfTherapyType; null: not said (an as-needed or scheme agreement, or none given). */
  type: AgreementType | null;
  start: string | null;
  end: string | null;
  instructions: Instructions;
}

/** The elements we read; anything else in the resource is refused rather than silently dropped. */
const KNOWN = new Set([
  'resourceType',
  'id',
  'meta',
  'text',
  'extension',
  'identifier',
  'status',
  'statusReason',
  'intent',
  'category',
  'medicationReference',
  'subject',
  'authoredOn',
  'requester',
  'recorder',
  'reasonCode',
  'courseOfTherapyType',
  'dosageInstruction',
  'priorPrescription',
]);
const DOSAGE_KNOWN = new Set([
  'sequence',
  'text',
  'additionalInstruction',
  'timing',
  'route',
  'doseAndRate',
  'asNeededCodeableConcept',
]);
const REPEAT_KNOWN = new Set([
  'boundsPeriod',
  'timeOfDay',
  'dayOfWeek',
  'frequency',
  'frequencyMax',
  'period',
  'periodUnit',
]);

const invalid = (expression: string, message: string) => new FhirError(422, 'invalid', message, expression);
const unsupported = (expression: string, message: string) =>
  new FhirError(422, 'not-supported', message, expression);

function checkKnown(value: object, known: Set<string>, at: string): void {
  const extra = Object.keys(value).find((k) => !known.has(k));
  if (extra) throw unsupported(`${at}.${extra}`, `The element '${extra}' is not supported here.`);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function dateOf(value: unknown, at: string): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !dateOrDateTimeSchema.safeParse(value).success)
    throw invalid(at, 'Expected a date (YYYY-MM-DD) or a dateTime with a time zone.');
  return value;
}

/** The period: the MP9 period extension, else the first dosage's boundsPeriod. */
function periodOf(r: MedicationRequest, at: string): { start: string | null; end: string | null } {
  const extensions = r.extension ?? [];
  extensions.forEach((e, i) => {
    if (e.url !== PERIOD_EXTENSION)
      throw unsupported(`${at}.extension[${i}]`, `The extension '${e.url}' is not supported.`);
  });
  const index = extensions.findIndex((e) => e.url === PERIOD_EXTENSION);
  const fromExtension = index >= 0 ? extensions[index]!.valuePeriod : undefined;
  const period = fromExtension ?? r.dosageInstruction?.[0]?.timing?.repeat?.boundsPeriod;
  const where = fromExtension
    ? `${at}.extension[${index}].valuePeriod`
    : `${at}.dosageInstruction[0].timing.repeat.boundsPeriod`;
  return { start: dateOf(period?.start, `${where}.start`), end: dateOf(period?.end, `${where}.end`) };
}

function doseOf(d: Dosage, at: string): { value: number; unit: string } | null {
  if (d.doseAndRate === undefined) return null;
  if (d.doseAndRate.length !== 1 || !d.doseAndRate[0]!.doseQuantity)
    throw unsupported(`${at}.doseAndRate`, 'Exactly one doseAndRate with a doseQuantity is supported.');
  const q = d.doseAndRate[0]!.doseQuantity;
  const where = `${at}.doseAndRate[0].doseQuantity`;
  if (typeof q.value !== 'number' || !(q.value > 0) || q.value > 1000)
    throw invalid(`${where}.value`, 'The dose must be a number greater than 0 and at most 1000.');
  if (typeof q.unit !== 'string' || !q.unit.trim()) throw invalid(`${where}.unit`, 'The dose needs a unit.');
  return { value: q.value, unit: q.unit.trim() };
}

/**
 * The dosages as our instructions (the inverse of the read side's `dosagesOf`): timed dosages give the
 * moments (timeOfDay, one dose each), an as-needed dosage the criterion, its dose and its maximum per day.
 * Weekdays, unit and note must be the same in every dosage.
 */
function instructionsOf(dosages: readonly Dosage[] | undefined, at: string): Instructions {
  const base = `${at}.dosageInstruction`;
  if (!dosages?.length) throw invalid(base, 'At least one dosageInstruction is required.');
  const moments: { Time: string; Dose: number }[] = [];
  const units = new Set<string>();
  const weekdays = new Set<string>();
  const notes = new Set<string>();
  let asNeeded: { criterion: string; dose: number | null; max: number | null } | null = null;
  dosages.forEach((d, i) => {
    const where = `${base}[${i}]`;
    if (!isObject(d as unknown)) throw invalid(where, 'A dosage must be an object.');
    checkKnown(d, DOSAGE_KNOWN, where);
    if (d.sequence !== undefined && d.sequence !== 1)
      throw unsupported(`${where}.sequence`, 'Only concurrent dosages (sequence 1) are supported.');
    const repeat = d.timing?.repeat ?? {};
    if (d.timing) checkKnown(d.timing, new Set(['repeat']), `${where}.timing`);
    checkKnown(repeat, REPEAT_KNOWN, `${where}.timing.repeat`);
    const dose = doseOf(d, where);
    if (dose) units.add(dose.unit);
    if (d.additionalInstruction?.length)
      notes.add(d.additionalInstruction.map((a) => a.text ?? '').join(' '));
    if (d.asNeededCodeableConcept) {
      const criterion = d.asNeededCodeableConcept.text?.trim();
      if (!criterion) throw invalid(`${where}.asNeededCodeableConcept.text`, 'The criterion needs a text.');
      if (asNeeded) throw unsupported(where, 'Only one as-needed dosage is supported.');
      if (repeat.timeOfDay?.length)
        throw unsupported(`${where}.timing.repeat.timeOfDay`, 'An as-needed dosage has no times of day.');
      const max = repeat.frequencyMax ?? null;
      if (max !== null && (!Number.isInteger(max) || max < 1 || max > 24))
        throw invalid(`${where}.timing.repeat.frequencyMax`, 'At most 1 to 24 times a day.');
      if (max !== null && (repeat.period !== 1 || repeat.periodUnit !== 'd'))
        throw unsupported(`${where}.timing.repeat`, 'A maximum is supported per day only (period 1, d).');
      asNeeded = { criterion, dose: dose?.value ?? null, max };
      return;
    }
    if (repeat.frequency !== undefined || repeat.frequencyMax !== undefined || repeat.period !== undefined)
      throw unsupported(`${where}.timing.repeat`, 'Timed dosages are given by timeOfDay only.');
    if (!repeat.timeOfDay?.length)
      throw invalid(`${where}.timing.repeat.timeOfDay`, 'Give the times of day.');
    if (!dose) throw invalid(`${where}.doseAndRate`, 'A timed dosage needs a doseQuantity.');
    weekdays.add(JSON.stringify([...(repeat.dayOfWeek ?? [])].sort()));
    repeat.timeOfDay.forEach((time, j) => {
      const match = /^([01]\d|2[0-3]):([0-5]\d)(:00)?$/.exec(time);
      if (!match)
        throw invalid(`${where}.timing.repeat.timeOfDay[${j}]`, 'A time of day in whole minutes (HH:MM:00).');
      moments.push({ Time: `${match[1]}:${match[2]}`, Dose: dose.value });
    });
  });
  if (units.size > 1) throw unsupported(base, 'Every dosage must use the same dose unit.');
  if (weekdays.size > 1) throw unsupported(base, 'Every timed dosage must have the same dayOfWeek.');
  if (notes.size > 1) throw unsupported(base, 'Every dosage must have the same additionalInstruction.');
  const days = weekdays.size ? (JSON.parse([...weekdays][0]!) as string[]) : [];
  const dayNumbers = days.map((day, j) => {
    const n = WEEKDAYS.indexOf(day);
    if (n < 0) throw invalid(`${base}[0].timing.repeat.dayOfWeek[${j}]`, `Unknown day '${day}'.`);
    return n + 1;
  });
  const found = asNeeded as { criterion: string; dose: number | null; max: number | null } | null;
  const parsed = instructionsSchema.safeParse({
    DoseUnit: [...units][0] ?? '',
    Moments: moments.sort((a, b) => a.Time.localeCompare(b.Time)),
    Weekdays: dayNumbers.sort((a, b) => a - b),
    AsNeededCriterion: found?.criterion ?? null,
    AsNeededMaxPerDay: found?.max ?? null,
    AsNeededDose: found?.dose ?? null,
    Note: notes.size ? [...notes][0]! : null,
  });
  if (!parsed.success) throw invalid(base, parsed.error.issues[0]?.message ?? 'Invalid dosage instructions.');
  return parsed.data;
}

function referenceOf(value: unknown, type: string, at: string): number {
  const reference = isObject(value) ? value.reference : undefined;
  const match = typeof reference === 'string' ? new RegExp(`^${type}/([^/]+)$`).exec(reference) : null;
  const id = match ? numericId(match[1]!) : null;
  if (id === null) throw invalid(`${at}.reference`, `Expected a reference '${type}/{id}'.`);
  return id;
}

/** The business identifier: the first with a system and value that is not ours, else ours (the agreement id). */
function identifierOf(r: MedicationRequest, at: string): Pick<AgreementInput, 'identifier' | 'ownId'> {
  const usable = (r.identifier ?? []).filter(
    (i) => typeof i.system === 'string' && i.system && typeof i.value === 'string' && i.value,
  ) as { system: string; value: string }[];
  const business = usable.find((i) => i.system !== OWN_AGREEMENT_SYSTEM);
  if (business) {
    if (business.system.length > 200 || business.value.length > 200)
      throw invalid(`${at}.identifier`, 'An identifier system or value is at most 200 characters.');
    return { identifier: { system: business.system, value: business.value }, ownId: null };
  }
  const own = usable.find((i) => i.system === OWN_AGREEMENT_SYSTEM);
  const ownId = own ? numericId(own.value) : null;
  if (own && ownId !== null) return { identifier: own, ownId };
  throw invalid(`${at}.identifier`, 'An identifier with a system and a value is required.');
}

const textOf = (value: { text?: string } | undefined, max: number, at: string): string | null => {
  const text = value?.text?.trim();
  if (!text) return null;
  if (text.length > max) throw invalid(`${at}.text`, `At most ${max} characters.`);
  return text;
};

/**
 * One entry's MedicationRequest (MP9 MedicationAgreement) as what it asks of us, every element checked;
 * `at` is the resource's expression (`Bundle.entry[2].resource`), named by every error.
 */
export function agreementInputOf(resource: unknown, at: string): AgreementInput {
  if (!isObject(resource) || resource.resourceType !== 'MedicationRequest')
    throw unsupported(at, 'Only MedicationRequest resources can be written.');
  const r = resource as unknown as MedicationRequest;
  checkKnown(r, KNOWN, at);
  if (r.intent !== 'order')
    throw unsupported(`${at}.intent`, "Only MedicationAgreements (intent 'order') are accepted.");
  if (r.status !== 'active' && r.status !== 'stopped' && r.status !== 'completed')
    throw unsupported(`${at}.status`, 'The status must be active, stopped or completed.');
  dateOf(r.authoredOn, `${at}.authoredOn`);
  if ((r.reasonCode?.length ?? 0) > 1) throw unsupported(`${at}.reasonCode`, 'At most one reasonCode.');
  const course = r.courseOfTherapyType?.coding?.[0]?.code;
  if (r.courseOfTherapyType && (!course || !TYPE_OF_COURSE[course]))
    throw unsupported(`${at}.courseOfTherapyType`, 'The course of therapy must be continuous or acute.');
  const prescriber = r.requester?.display?.trim() || null;
  if (prescriber && prescriber.length > 100)
    throw invalid(`${at}.requester.display`, 'At most 100 characters.');
  const period = periodOf(r, at);
  return {
    ...identifierOf(r, at),
    patientId: referenceOf(r.subject, 'Patient', `${at}.subject`),
    medicationId: referenceOf(r.medicationReference, 'Medication', `${at}.medicationReference`),
    status: r.status,
    statusReason: textOf(r.statusReason, 500, `${at}.statusReason`),
    prescriber,
    reason: textOf(r.reasonCode?.[0], 500, `${at}.reasonCode[0]`),
    type: course ? TYPE_OF_COURSE[course]! : null,
    ...period,
    instructions: instructionsOf(r.dosageInstruction, at),
  };
}
