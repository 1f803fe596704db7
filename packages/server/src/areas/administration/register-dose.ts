import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type RegistrationBody,
  type RegistrationConflict,
  scanBlocksGiven,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuditEvent, auditEntryRecord } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, HttpError, refuseNotFound, unprocessable } from '../../platform/errors.ts';
import { type Answer, keepAnswer, type KeyedRequest } from '../../platform/idempotency.ts';
import { checkedAtDoseEntry, markCheckedAtDose, verifyDoubleCheckAtDose } from './double-check-at-dose.ts';
import {
  effectiveRegistrationOf,
  type Found,
  insertRegistration,
  type MomentTaken,
  register,
  registrationValues,
} from './queries/index.ts';
import { mayRegisterAt } from './rules.ts';
import { loadUsers } from './queries/users.ts';
import { type AdministrationRow, toRegistration, type UserRef } from './registration-mapper.ts';
import { checkAdministeredAt, checkTimeWindow, windowSettingsOf } from './time-window.ts';

const SCAN_FAILED = 'De laatste scan van dit moment klopte niet. Scan opnieuw of registreer een afwijking.';

/**
 * What identifies a registration request for its Idempotency-Key: the body as parsed, but of a bedside
 * double check only the colleague's username. The password and the one-time code prove the check; they
 * are not what is registered, and even a hash of them must not be stored.
 */
export const registrationIdentity = (body: RegistrationBody): unknown => ({
  ...body,
  DoubleCheck: body.DoubleCheck && { Username: body.DoubleCheck.Username },
});

/**
 * The 409 of a moment registered meanwhile (by a colleague, or on another device): with the registration
 * that counts now, which the caller may see anyway (its own organisation's agreement, in scope), so the
 * nurse can keep it or correct it. Read after the failed statement (and its transaction) ended.
 */
export async function momentTakenConflict(db: Db, taken: MomentTaken, now: Date): Promise<HttpError> {
  const existing = await effectiveRegistrationOf(db, taken.agreementId, taken.scheduledAt);
  if (!existing) return taken;
  const users = await loadUsers(db, [existing.recordedBy, existing.doubleCheckBy]);
  const body: Omit<RegistrationConflict, 'Code' | 'Message'> = {
    Existing: toRegistration(existing, users, now),
  };
  return new HttpError(409, 'CONFLICT', taken.message, body);
}

/** A keyed registration: its key, and the caller as the answer names it (loaded beside the agreement). */
export type Keyed = { keyed: KeyedRequest; users: Map<number, UserRef> };

/**
 * Registers a dose, a deviation or a correction after the area's rules, and answers 201 with it. The usual
 * tap is one statement: the INSERT with its audit entry, with a key also its answer, naming the recorder for
 * the answer (the day roll-up's statement triggers run inside it). A bedside double check stores the
 * registration, its check, their audit entries (and a key's answer) in one transaction.
 */
export async function registerDose(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: RegistrationBody }>,
  found: Found | undefined,
  keyed: Keyed | null,
): Promise<Answer> {
  const { body } = request;
  const caller = request.caller!;
  if (!found)
    return refuseNotFound(
      request,
      AUDIT_OBJECTS.medication_agreement,
      body.AgreementId,
      AUDIT_ACTIONS.create,
    );
  // A supplying pharmacy sees the list but does not administer: only the care centre registers.
  if (!mayRegisterAt(caller, found.agreement.entityId)) throw forbidden();
  // The bedside scan's verdict holds here too, not only on the card (docs/scanning.md): after a scan that
  // caught something, "given" needs a scan that passes; a deviation or a correction stays possible.
  const scanBlocks = found.lastScanReasons !== null && scanBlocksGiven(found.lastScanReasons);
  if (scanBlocks && body.Status === 'given' && body.CorrectsId === null)
    throw unprocessable(SCAN_FAILED, 'Status');
  const now = new Date();
  checkAdministeredAt(body.AdministeredAt, now);
  const window = windowSettingsOf(await app.callerCache.entitySettings(found.agreement.entityId));
  const toStore = { ...body, TimingReason: checkTimeWindow(body, window, now) };
  // The colleague's credentials are checked only for a dose that may be registered now.
  const checker = await verifyDoubleCheckAtDose(app, request, found.risks, body);
  const answerOf = (row: AdministrationRow, users: Map<number, UserRef>) => toRegistration(row, users, now);
  if (checker) {
    // The registration, its check, their entries and a key's answer commit together.
    const [row, answer] = await app.db.transaction(async (tx) => {
      const checked = await markCheckedAtDose(
        tx,
        await register(tx, found, toStore, caller.accountId, now),
        checker,
        now,
      );
      await app.audit.recordIn(tx, request, [
        registrationEntry(checked, now),
        checkedAtDoseEntry(request, checked, checker),
      ]);
      if (!keyed) return [checked, undefined] as const;
      const users = await loadUsers(tx, [checked.recordedBy, checked.doubleCheckBy]);
      const kept = { status: 201, body: answerOf(checked, users) };
      await keepAnswer(tx, keyed.keyed, kept);
      return [checked, kept] as const;
    });
    if (answer) return answer;
    const users = await loadUsers(app.db, [row.recordedBy, row.doubleCheckBy]);
    return { status: 201, body: answerOf(row, users) };
  }
  // The usual tap: one statement stores the registration with its audit entry (and a key's answer) and names
  // the recorder for the answer. A key's answer is made before the row exists; its Id comes from the row.
  const values = await registrationValues(app.db, found, toStore, caller.accountId, now);
  const unsaved = { ...values, id: 0, doubleCheckBy: null, doubleCheckAt: null, correctsMomentAt: null };
  const stored = await insertRegistration(app.db, values, {
    auditEntry: auditEntryRecord(request, registrationEntry(values, now)),
    keep: keyed
      ? { keyed: keyed.keyed, answer: { status: 201, body: answerOf(unsaved, keyed.users) } }
      : undefined,
  });
  return { status: 201, body: answerOf(stored.row, keyed ? keyed.users : stored.users) };
}

/**
 * The audit entry of a registration. `change` is the Logboek's note on the entry ("eerder gegeven", "later
 * gegeven"). AdministeredAt is the time of the tap, ReceivedAt when the server got it: far apart for a
 * registration made offline. Without an id (written in the registration's own statement) the entry takes the
 * stored row's.
 */
function registrationEntry(
  r: Pick<AdministrationRow, 'status' | 'correctsId' | 'timingReason' | 'administeredAt' | 'patientId'> & {
    id?: number;
    doubleCheckBy?: number | null;
  },
  now: Date,
): AuditEvent {
  return {
    action: AUDIT_ACTIONS.create,
    outcome: 'success',
    objectType: AUDIT_OBJECTS.administration,
    objectId: r.id,
    patientId: r.patientId,
    detail: {
      Status: r.status,
      CorrectsId: r.correctsId,
      DoubleCheckBy: r.doubleCheckBy ?? undefined,
      change: r.timingReason ?? undefined,
      AdministeredAt: r.administeredAt?.toISOString(),
      ReceivedAt: now.toISOString(),
    },
  };
}
