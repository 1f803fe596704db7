import type { MedicationReview, MedicationReviewBody } from '@zorgportaal/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { personNameSql } from '../persons/public.ts';
import { accounts, persons } from './tables.ts';
import { medicationReviews } from './schema.ts';

type ReviewRow = typeof medicationReviews.$inferSelect;

const recorder = alias(accounts, 'review_recorder');
const recorderPerson = alias(persons, 'review_recorder_person');

const toReview = (row: ReviewRow, recordedBy: string | null): MedicationReview => ({
  Id: row.id,
  PatientId: row.patientId,
  ReviewedOn: row.reviewedOn,
  Prescriber: row.prescriber,
  Pharmacist: row.pharmacist,
  Nurse: row.nurse,
  Findings: row.findings,
  AgreedChanges: row.agreedChanges,
  NextReviewOn: row.nextReviewOn,
  RecordedBy: recordedBy,
  RecordedAt: row.recordedAt.toISOString(),
});

/** The reviews of one client, newest first, with who recorded them. */
export async function reviewsOf(db: Db, patientId: number): Promise<MedicationReview[]> {
  const rows = await db
    .select({
      review: medicationReviews,
      name: personNameSql(recorderPerson, recorder.username),
    })
    .from(medicationReviews)
    .leftJoin(recorder, eq(recorder.id, medicationReviews.recordedBy))
    .leftJoin(recorderPerson, eq(recorderPerson.id, recorder.personId))
    .where(eq(medicationReviews.patientId, patientId))
    .orderBy(desc(medicationReviews.reviewedOn), desc(medicationReviews.id));
  return rows.map((r) => toReview(r.review, r.name));
}

export async function insertReview(
  db: Db,
  patient: { Id: number; EntityId: number },
  body: MedicationReviewBody,
  by: { accountId: number; entityId: number },
): Promise<number> {
  const [row] = await db
    .insert(medicationReviews)
    .values({
      entityId: patient.EntityId,
      patientId: patient.Id,
      reviewedOn: body.ReviewedOn,
      prescriber: body.Prescriber,
      pharmacist: body.Pharmacist,
      nurse: body.Nurse,
      findings: body.Findings,
      agreedChanges: body.AgreedChanges,
      nextReviewOn: body.NextReviewOn,
      recordedBy: by.accountId,
      recordedByEntityId: by.entityId,
    })
    .returning({ id: medicationReviews.id });
  return row!.id;
}

/** Per client of `patientIds`: the latest review's date and its next review date. */
export async function latestReviews(
  db: Db,
  patientIds: readonly number[],
): Promise<Map<number, { reviewedOn: string; nextReviewOn: string | null }>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([medicationReviews.patientId], {
      patientId: medicationReviews.patientId,
      reviewedOn: medicationReviews.reviewedOn,
      nextReviewOn: medicationReviews.nextReviewOn,
    })
    .from(medicationReviews)
    .where(and(inArray(medicationReviews.patientId, [...patientIds])))
    .orderBy(medicationReviews.patientId, desc(medicationReviews.reviewedOn), desc(medicationReviews.id));
  return new Map(rows.map((r) => [r.patientId, { reviewedOn: r.reviewedOn, nextReviewOn: r.nextReviewOn }]));
}
