import type { Agreement, AgreementChangeBody, AgreementCreateBody } from '@zorgportaal/contract';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parseBoundary } from '../../../platform/time.ts';
import type { Db, Tx } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { type AgreementRow, toAgreement } from '../agreement-mapper.ts';
import { unprocessable } from '../../../platform/errors.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../patient-scope.ts';

const DAY_MS = 86_400_000;
const successor = alias(t.medicationAgreements, 'successor');

/** Agreements with their product, their successor (after a change) and who created them. */
function selectAgreements(db: Db) {
  return db
    .select({
      agreement: t.medicationAgreements,
      medication: t.medications,
      replacedById: successor.id,
      createdBy: t.accounts.username,
    })
    .from(t.medicationAgreements)
    .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
    .leftJoin(successor, eq(successor.replacesId, t.medicationAgreements.id))
    .leftJoin(t.accounts, eq(t.accounts.id, t.medicationAgreements.createdBy));
}

/** One agreement of a visible entity, or undefined. */
export async function findAgreementRow(db: Db, id: number, scope: Scope): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(t.medicationAgreements)
    .where(
      and(
        eq(t.medicationAgreements.id, id),
        inPatientScope(scope, t.medicationAgreements.entityId, t.medicationAgreements.patientId),
      ),
    );
  return row;
}

export async function getAgreement(db: Db, id: number): Promise<Agreement> {
  const [row] = await selectAgreements(db).where(eq(t.medicationAgreements.id, id));
  return toAgreement(row!);
}

/** The AMO: active and future agreements, and those ended or stopped within `stoppedDays`. */
export async function listAgreements(db: Db, patientId: number, stoppedDays: number, now = new Date()) {
  const since = new Date(now.getTime() - stoppedDays * DAY_MS);
  const rows = await selectAgreements(db)
    .where(
      and(
        eq(t.medicationAgreements.patientId, patientId),
        or(isNull(t.medicationAgreements.endAt), gt(t.medicationAgreements.endAt, since)),
      ),
    )
    .orderBy(desc(t.medicationAgreements.startAt), desc(t.medicationAgreements.id));
  return rows.map((r) => toAgreement(r, now));
}

/** Checks the product and the period of a new agreement; returns the stored columns. */
export async function agreementValues(
  db: Db | Tx,
  body: Omit<AgreementCreateBody, 'PatientId'> | AgreementChangeBody,
  now: Date,
) {
  const [medication] = await db
    .select({ id: t.medications.id })
    .from(t.medications)
    .where(eq(t.medications.id, body.MedicationId));
  if (!medication) throw unprocessable('Kies een geneesmiddel uit de lijst.', 'MedicationId');
  const startAt = body.Start ? parseBoundary(body.Start, 'start') : now;
  const endAt = body.End ? parseBoundary(body.End, 'end') : null;
  if (endAt && endAt <= startAt) throw unprocessable('De einddatum moet na de startdatum liggen.', 'End');
  return {
    medicationId: body.MedicationId,
    prescriber: body.Prescriber,
    type: body.Type,
    startAt,
    endAt,
    reason: body.Reason,
    instructions: body.Instructions,
    distributionForm: body.DistributionForm,
    selfManaged: body.SelfManaged,
  };
}

export type AgreementValues = Awaited<ReturnType<typeof agreementValues>>;

/**
 * Inserts an agreement with the checked `values` for the patient; `replacesId` when it is the successor of a
 * changed one. Returns the new id.
 */
export async function insertAgreement(
  tx: Tx,
  values: AgreementValues,
  owner: {
    entityId: number;
    patientId: number;
    replacesId?: number;
    createdBy: number | null;
    identifierSystem?: string | null;
    identifierValue?: string | null;
  },
): Promise<number> {
  const [row] = await tx
    .insert(t.medicationAgreements)
    .values({ ...values, ...owner })
    .returning({ id: t.medicationAgreements.id });
  return row!.id;
}

/** The agreement that replaced agreement `id` (a change), or undefined. */
export async function findSuccessor(db: Db | Tx, id: number): Promise<{ id: number } | undefined> {
  const [successor] = await db
    .select({ id: t.medicationAgreements.id })
    .from(t.medicationAgreements)
    .where(eq(t.medicationAgreements.replacesId, id));
  return successor;
}

/** Ends an agreement at `endAt` (the start of its successor). */
export async function endAgreement(tx: Tx, id: number, endAt: Date): Promise<void> {
  await tx
    .update(t.medicationAgreements)
    .set({ endAt, updatedAt: new Date() })
    .where(eq(t.medicationAgreements.id, id));
}

/** Stops an agreement: its end, stop type and reason. */
export async function stopAgreement(
  tx: Tx,
  id: number,
  stop: Pick<typeof t.medicationAgreements.$inferInsert, 'endAt' | 'stopType' | 'stopReason'>,
): Promise<void> {
  await tx
    .update(t.medicationAgreements)
    .set({ ...stop, updatedAt: new Date() })
    .where(eq(t.medicationAgreements.id, id));
}

/** Takes the business identifier off an agreement (a change moves it to the successor). */
export async function clearIdentifier(tx: Tx, id: number): Promise<void> {
  await tx
    .update(t.medicationAgreements)
    .set({ identifierSystem: null, identifierValue: null, updatedAt: new Date() })
    .where(eq(t.medicationAgreements.id, id));
}

/** The agreement of the client that carries the business identifier (the current version), or undefined. */
export async function findAgreementByIdentifier(
  db: Db | Tx,
  patientId: number,
  identifier: { system: string; value: string },
): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(t.medicationAgreements)
    .where(
      and(
        eq(t.medicationAgreements.patientId, patientId),
        eq(t.medicationAgreements.identifierSystem, identifier.system),
        eq(t.medicationAgreements.identifierValue, identifier.value),
      ),
    );
  return row;
}

/** The latest version of agreement `id`'s chain of changes (itself when it was never changed). */
export async function currentVersionOf(db: Db | Tx, row: AgreementRow): Promise<AgreementRow> {
  let current = row;
  for (;;) {
    const [next] = await db
      .select()
      .from(t.medicationAgreements)
      .where(eq(t.medicationAgreements.replacesId, current.id));
    if (!next) return current;
    current = next;
  }
}
