import type { HistoryEvent, ReviewDueList, VpDashboard, VpHistory } from '@zorgportaal/contract';
import type { Agreement, Patient } from '@zorgportaal/contract';
import type { Scope } from '../../platform/scope.ts';
import { addDays, localDate } from '../../platform/time.ts';
import type { Db } from '../../platform/db/client.ts';
import { deviationCounts } from '../administration/public.ts';
import { latestConsent } from '../etdr/public.ts';
import { criticalCounts } from '../trombosis/public.ts';
import { listAgreements } from '../medication/public.ts';
import { listPatients } from '../medication/public.ts';
import { unreadByPatient } from '../communication/public.ts';
import { latestReviews, reviewsOf } from './queries.ts';

const DAY_MS = 86_400_000;
/** Reviews due within this many days are listed as due. */
export const REVIEW_DUE_WINDOW_DAYS = 14;
/** Deviations and critical INR values of this many days are open items. */
export const ALERT_WINDOW_DAYS = 7;
/** The prescriber's clients are at most this many (a GP practice serves a few care centres). */
const MAX_PATIENTS = 200;
/** How far back Terugblikken reaches (the AMO query's maximum). */
const HISTORY_DAYS = 3650;

export interface Prescriber {
  accountId: number;
  entityId: number;
}

/** The clients in the prescriber's scope (own organisation and the care centres it is the GP for). */
export const prescriberPatients = (db: Db, scope: Scope): Promise<Patient[]> =>
  listPatients(db, scope, { limit: MAX_PATIENTS });

/**
 * The one rule for "waits for the prescriber's signature": an agreement in force or still to start
 * without an authorised signature (eTDR). The AMO shows "Ondertekenen" on exactly these, so the VP
 * dashboard's figure is the number of those buttons, however old the agreement.
 */
export const awaitsSignature = (agreement: Pick<Agreement, 'Status'>, signed: boolean): boolean =>
  !signed && (agreement.Status === 'active' || agreement.Status === 'future');

/** How many agreements of one client wait for the signature, through the medication and eTDR areas. */
async function awaitingSignature(db: Db, patientId: number, now: Date): Promise<number> {
  let waiting = 0;
  for (const agreement of await listAgreements(db, patientId, 0, now)) {
    if (!awaitsSignature(agreement, false)) continue;
    if (!(await latestConsent(db, patientId, 'authorized', agreement.Id))) waiting++;
  }
  return waiting;
}

/** The VP dashboard: the prescriber's clients with something open, and how many clients there are. */
export async function buildVpDashboard(
  db: Db,
  prescriber: Prescriber,
  scope: Scope,
  now = new Date(),
): Promise<VpDashboard> {
  const patients = await prescriberPatients(db, scope);
  const ids = patients.map((p) => p.Id);
  const since = new Date(now.getTime() - ALERT_WINDOW_DAYS * DAY_MS);
  const [unread, reviews, deviations, inr] = await Promise.all([
    unreadByPatient(db, prescriber),
    latestReviews(db, ids),
    deviationCounts(db, ids, since, now),
    criticalCounts(db, ids, since),
  ]);
  const today = localDate(now);
  const rows = [];
  for (const patient of patients) {
    const next = reviews.get(patient.Id)?.nextReviewOn ?? null;
    const row = {
      PatientId: patient.Id,
      PatientName: patient.ScreenName,
      DepartmentName: patient.DepartmentName,
      AwaitingSignature: await awaitingSignature(db, patient.Id, now),
      Deviations: deviations.get(patient.Id) ?? 0,
      InrAlerts: inr.get(patient.Id) ?? 0,
      ConsentMissing: patient.ConsentStatus !== 'given',
      UnreadMessages: unread.get(patient.Id) ?? 0,
      ReviewDue: next !== null && next <= today ? next : null,
    };
    const open = row.AwaitingSignature || row.Deviations || row.InrAlerts || row.UnreadMessages;
    if (open || row.ConsentMissing || row.ReviewDue) rows.push(row);
  }
  return { Rows: rows, PatientCount: patients.length };
}

/** Terugblikken of one client: agreement events from the medication area and the reviews, newest first. */
export async function buildHistory(db: Db, patient: Patient, now = new Date()): Promise<VpHistory> {
  const agreements = await listAgreements(db, patient.Id, HISTORY_DAYS, now);
  const reviews = await reviewsOf(db, patient.Id);
  const events: HistoryEvent[] = [];
  for (const a of agreements) {
    const base = { Medication: a.Medication.Name, AgreementId: a.Id, ReviewId: null };
    events.push({
      ...base,
      Kind: a.ReplacesId === null ? 'started' : 'changed',
      At: a.Start,
      Text: a.Reason,
      By: a.Prescriber,
    });
    // A change ends the old agreement; the new one's "changed" line tells that story.
    if (a.End && Date.parse(a.End) <= now.getTime() && a.ReplacedById === null)
      events.push({
        ...base,
        Kind: a.StopType ? 'stopped' : 'ended',
        At: a.End,
        Text: a.StopReason,
        By: null,
      });
  }
  for (const r of reviews)
    events.push({
      Kind: 'review',
      At: r.ReviewedOn,
      Medication: null,
      Text: r.Findings,
      By: r.Prescriber,
      AgreementId: null,
      ReviewId: r.Id,
    });
  events.sort((x, y) => Date.parse(y.At) - Date.parse(x.At));
  return { PatientId: patient.Id, PatientName: patient.ScreenName, Events: events, Reviews: reviews };
}

/** The clients whose next review is due within the window (or overdue), soonest first. */
export async function reviewsDue(db: Db, scope: Scope, now = new Date()): Promise<ReviewDueList> {
  const patients = await prescriberPatients(db, scope);
  const latest = await latestReviews(
    db,
    patients.map((p) => p.Id),
  );
  const until = addDays(localDate(now), REVIEW_DUE_WINDOW_DAYS);
  const rows = patients.flatMap((p) => {
    const review = latest.get(p.Id);
    if (!review?.nextReviewOn || review.nextReviewOn > until) return [];
    return [
      {
        PatientId: p.Id,
        PatientName: p.ScreenName,
        NextReviewOn: review.nextReviewOn,
        LastReviewedOn: review.reviewedOn,
      },
    ];
  });
  rows.sort((a, b) => a.NextReviewOn.localeCompare(b.NextReviewOn));
  return { Rows: rows };
}
