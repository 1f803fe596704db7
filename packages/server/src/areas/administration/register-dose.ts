import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type RegistrationBody,
  type RegistrationConflict,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, HttpError, refuseNotFound } from '../../platform/errors.ts';
import { type Answer, keepAnswer, type KeyedRequest } from '../../platform/idempotency.ts';
import { auditCheckedAtDose, markCheckedAtDose, verifyDoubleCheckAtDose } from './double-check-at-dose.ts';
import {
  effectiveRegistrationOf,
  type findAgreementForRegistration,
  MomentTaken,
  register,
} from './queries/index.ts';
import { loadUsers } from './queries/users.ts';
import { toRegistration } from './registration-mapper.ts';
import { checkAdministeredAt, checkTimeWindow, windowSettingsOf } from './time-window.ts';

type Found = Awaited<ReturnType<typeof findAgreementForRegistration>>;

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
 * nurse can keep it or correct it. Read after the failed statement's transaction ended.
 */
async function momentTakenConflict(db: Db, taken: MomentTaken, now: Date): Promise<HttpError> {
  const existing = await effectiveRegistrationOf(db, taken.agreementId, taken.scheduledAt);
  if (!existing) return taken;
  const users = await loadUsers(db, [existing.recordedBy, existing.doubleCheckBy]);
  const body: Omit<RegistrationConflict, 'Code' | 'Message'> = {
    Existing: toRegistration(existing, users, now),
  };
  return new HttpError(409, 'CONFLICT', taken.message, body);
}

/**
 * Registers a dose, a deviation or a correction after the area's rules, and answers 201 with it. Without
 * a key and without a bedside double check it is one INSERT, atomic by itself (the day roll-up's statement
 * triggers run inside it): no BEGIN/COMMIT round trips on the hot path. With a bedside check the
 * registration and its check are stored together; with a key the answer is stored with them.
 */
export async function registerDose(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: RegistrationBody }>,
  found: Found,
  keyed: KeyedRequest | null,
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
  if (found.agreement.entityId !== caller.entityId) throw forbidden();
  const now = new Date();
  checkAdministeredAt(body.AdministeredAt, now);
  const window = windowSettingsOf(await app.callerCache.entitySettings(found.agreement.entityId));
  const toStore = { ...body, TimingReason: checkTimeWindow(body, window, now) };
  // The colleague's credentials are checked only for a dose that may be registered now.
  const checker = await verifyDoubleCheckAtDose(app, request, found.risks, body);
  const answerOf = async (db: Db, row: Awaited<ReturnType<typeof register>>): Promise<Answer> => ({
    status: 201,
    body: toRegistration(row, await loadUsers(db, [row.recordedBy, row.doubleCheckBy]), now),
  });
  let stored: { row: Awaited<ReturnType<typeof register>>; answer?: Answer };
  try {
    stored =
      checker || keyed
        ? await app.db.transaction(async (tx) => {
            let row = await register(tx, found, toStore, caller.accountId, now);
            if (checker) row = await markCheckedAtDose(tx, row, checker, now);
            if (!keyed) return { row };
            const answer = await answerOf(tx, row);
            await keepAnswer(tx, keyed, answer);
            return { row, answer };
          })
        : { row: await register(app.db, found, toStore, caller.accountId, now) };
  } catch (error) {
    throw error instanceof MomentTaken ? await momentTakenConflict(app.db, error, now) : error;
  }
  const { row } = stored;
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.create,
    outcome: 'success',
    objectType: AUDIT_OBJECTS.administration,
    objectId: row.id,
    patientId: row.patientId,
    // `change` is the Logboek's note on the entry ("eerder gegeven", "later gegeven"). AdministeredAt is
    // the time of the tap, ReceivedAt when the server got it: far apart for a registration made offline.
    detail: {
      Status: row.status,
      CorrectsId: row.correctsId,
      DoubleCheckBy: row.doubleCheckBy ?? undefined,
      change: row.timingReason ?? undefined,
      AdministeredAt: row.administeredAt?.toISOString(),
      ReceivedAt: now.toISOString(),
    },
  });
  if (checker) await auditCheckedAtDose(app, request, row, checker);
  return stored.answer ?? (await answerOf(app.db, row));
}
