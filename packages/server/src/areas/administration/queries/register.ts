import type { RegistrationBody } from '@zorgportaal/contract';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { conflict, HttpError, isUniqueViolation, unprocessable } from '../../../platform/errors.ts';
import { isEffective } from './day-list.ts';
import type { Found } from './registration-agreement.ts';
import { isAsNeeded, plannedMoments } from '../../medication/public.ts';
import type { AdministrationRow } from '../registration-mapper.ts';
import { needsDoubleCheck } from '../rules.ts';
import { dayBounds, localDate } from '../../../platform/time.ts';
import { coumarinDose, coumarinDosesOn } from '../../trombosis/public.ts';

const TAKEN = 'Dit moment is al geregistreerd. Registreer een correctie op de bestaande registratie.';

/**
 * The planned moment already has a registration (a colleague's, made meanwhile). A 409 as it is; the
 * route adds the existing registration (`momentTakenConflict`), which it can read only once the failed
 * statement's transaction is over.
 */
export class MomentTaken extends HttpError {
  constructor(
    readonly agreementId: number,
    readonly scheduledAt: Date,
  ) {
    super(409, 'CONFLICT', TAKEN);
  }
}

/** The registration of a planned moment that counts: the end of its chain of corrections. */
export async function effectiveRegistrationOf(
  db: Db,
  agreementId: number,
  scheduledAt: Date,
): Promise<AdministrationRow | undefined> {
  const [row] = await db
    .select()
    .from(t.administrations)
    .where(
      and(
        eq(t.administrations.agreementId, agreementId),
        // moment_at is the planned time of a timed registration: the agreement index finds the chain.
        eq(t.administrations.momentAt, scheduledAt),
        eq(t.administrations.scheduledAt, scheduledAt),
        isEffective,
      ),
    )
    .orderBy(desc(t.administrations.id))
    .limit(1);
  return row;
}

/** The planned dose of the moment the body names, or an error naming ScheduledAt. */
function plannedDose({ agreement }: Found, body: RegistrationBody, at: Date): number | null {
  if (body.ScheduledAt === null) {
    if (!isAsNeeded(agreement)) throw unprocessable('Kies het geplande toedienmoment.', 'ScheduledAt');
    const inForce = agreement.startAt <= at && (agreement.endAt === null || at < agreement.endAt);
    if (!inForce) throw unprocessable('De afspraak is op dit moment niet actief.', 'AgreementId');
    return agreement.instructions.AsNeededDose;
  }
  const scheduledAt = new Date(body.ScheduledAt);
  const slot = plannedMoments([agreement], localDate(scheduledAt)).find(
    (s) => s.scheduledAt?.getTime() === scheduledAt.getTime(),
  );
  if (!slot) throw unprocessable('Dit is geen gepland toedienmoment van deze afspraak.', 'ScheduledAt');
  return slot.dose;
}

/** As-needed: no more given doses on one local day than the agreement's maximum. */
async function checkDailyMaximum(db: Db, { agreement }: Found, at: Date): Promise<void> {
  const max = agreement.instructions.AsNeededMaxPerDay;
  if (max === null) return;
  const day = dayBounds(localDate(at));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.administrations)
    .where(
      and(
        eq(t.administrations.agreementId, agreement.id),
        isNull(t.administrations.scheduledAt),
        inArray(t.administrations.status, ['given', 'partial']),
        gte(t.administrations.momentAt, day.start),
        lt(t.administrations.momentAt, day.end),
        isEffective,
      ),
    );
  if ((row?.n ?? 0) >= max) throw unprocessable(`Het maximum van ${max} keer per dag is bereikt.`, 'Status');
}

/** The registration a correction points at: same agreement and moment, within scope. */
async function checkCorrected(db: Db, found: Found, body: RegistrationBody): Promise<void> {
  const [target] = await db
    .select()
    .from(t.administrations)
    .where(eq(t.administrations.id, body.CorrectsId!));
  const sameMoment =
    target &&
    (target.scheduledAt?.toISOString() ?? null) ===
      (body.ScheduledAt && new Date(body.ScheduledAt).toISOString());
  if (!target || target.agreementId !== found.agreement.id || !sameMoment)
    throw unprocessable(
      'Een correctie moet verwijzen naar een registratie van hetzelfde moment.',
      'CorrectsId',
    );
}

/**
 * Every column of a registration but the ones the database fills (corrects_moment_at by a trigger): the answer
 * to keep is made from these.
 */
export type RegistrationValues = Omit<
  AdministrationRow,
  'id' | 'doubleCheckBy' | 'doubleCheckAt' | 'correctsMomentAt'
>;

/**
 * The registration to store after the rules of domain.md: the moment must be planned (its dose is the
 * planned one, a coumarin's from the scheme of the day), a correction must point at the same moment, an
 * as-needed dose keeps to the daily maximum, risk products wait for a double check.
 */
export async function registrationValues(
  db: Db,
  found: Found,
  body: RegistrationBody,
  accountId: number,
  now: Date,
): Promise<RegistrationValues> {
  const wentIn = body.Status === 'given' || body.Status === 'partial';
  const administeredAt = body.AdministeredAt ? new Date(body.AdministeredAt) : wentIn ? now : null;
  let dose = plannedDose(found, body, administeredAt ?? now);
  if (body.ScheduledAt !== null && found.risks.includes('coumarine')) {
    // A coumarin's planned dose is the one of the dosage scheme in force that day.
    const { patientId } = found.agreement;
    const doses = await coumarinDosesOn(db, [patientId], localDate(new Date(body.ScheduledAt)));
    dose = coumarinDose(doses, patientId, found.medicationName, dose);
  }
  if (body.CorrectsId !== null) await checkCorrected(db, found, body);
  else if (body.ScheduledAt === null && wentIn) await checkDailyMaximum(db, found, administeredAt ?? now);
  const scheduledAt = body.ScheduledAt ? new Date(body.ScheduledAt) : null;
  return {
    entityId: found.agreement.entityId,
    patientId: found.agreement.patientId,
    agreementId: found.agreement.id,
    departmentId: found.departmentId,
    medicationId: found.agreement.medicationId,
    scheduledAt,
    scheduledQty: dose,
    administeredAt,
    administeredQty: body.AdministeredQty ?? (body.Status === 'given' ? dose : null),
    momentAt: scheduledAt ?? administeredAt ?? now,
    status: body.Status,
    deviationReason: body.DeviationReason,
    deviationText: body.DeviationText,
    doubleCheckRequired: needsDoubleCheck(found.risks, body.Status),
    recordedBy: accountId,
    recordedAt: now,
    note: body.Note,
    correctsId: body.CorrectsId,
    // The route has applied the time window (time-window.ts): set only outside the window.
    timingReason: body.TimingReason,
  };
}

/** The unique indexes' answers: the moment is registered already (409 with it), or the correction is corrected. */
export function asRegistrationConflict(err: unknown, values: RegistrationValues): unknown {
  // The moment index of the partition the row went to: administrations_<YYYY_MM|default>_moment_idx.
  if (isUniqueViolation(err, /^administrations_\w+_moment_idx$/))
    return new MomentTaken(values.agreementId, values.scheduledAt!);
  if (isUniqueViolation(err, 'administration_corrections_pkey'))
    return conflict('Deze registratie is al gecorrigeerd; corrigeer de laatste correctie.');
  return err;
}

/**
 * Stores a registration after the rules (registrationValues) inside a transaction (the bedside double check's:
 * registration and check together): a planned moment is registered once (later ones must be corrections of
 * it). Outside a transaction the route uses `insertRegistration`, which also writes the audit entry.
 */
export async function register(
  tx: Db,
  found: Found,
  body: RegistrationBody,
  accountId: number,
  now: Date,
): Promise<AdministrationRow> {
  const values = await registrationValues(tx, found, body, accountId, now);
  const [row] = await tx
    .insert(t.administrations)
    .values(values)
    .returning()
    .catch((err: unknown) => {
      throw asRegistrationConflict(err, values);
    });
  return row!;
}
