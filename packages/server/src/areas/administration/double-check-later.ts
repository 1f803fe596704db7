import { AUDIT_ACTIONS, AUDIT_OBJECTS, type DoubleCheckBody } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { conflict, forbidden, refuseNotFound, unprocessable } from '../../platform/errors.ts';
import { type Answer, keepAnswer, type KeyedRequest } from '../../platform/idempotency.ts';
import { scopeOf } from '../../platform/scope.ts';
import { correctionOf, findScopedRegistration, markDoubleChecked } from './queries/index.ts';
import { loadUsers } from './queries/users.ts';
import { toRegistration } from './registration-mapper.ts';
import { doubleCheckRefusal, mayRegisterAt } from './rules.ts';

type CheckRequest = FastifyRequest<{ Params: { id: number }; Body: DoubleCheckBody }>;

const ALREADY_CHECKED = 'Deze registratie is al gecontroleerd.';

/**
 * The double check afterwards by a second logged-in user (POST …/registration/{id}/doublecheck); answers
 * 200 with the checked registration. The check, its audit entry and (with a key) its answer are stored in one
 * transaction.
 */
export async function checkLater(
  app: FastifyInstance,
  request: CheckRequest,
  keyed: KeyedRequest | null,
): Promise<Answer> {
  const { id } = request.params;
  const caller = request.caller!;
  const row = await findScopedRegistration(app.db, id, await scopeOf(request));
  if (!row) return refuseNotFound(request, AUDIT_OBJECTS.administration, id, AUDIT_ACTIONS.update);
  if (!mayRegisterAt(caller, row.entityId)) throw forbidden();
  switch (doubleCheckRefusal(row, caller.accountId)) {
    case 'not_required':
      throw conflict('Voor deze registratie is geen dubbele controle nodig.');
    case 'already_checked':
      throw conflict(ALREADY_CHECKED);
    case 'same_user':
      throw unprocessable(
        'De dubbele controle moet door een andere gebruiker worden gedaan.',
        'DoubleCheckBy',
      );
  }
  const now = new Date();
  const check = async (db: Db) => {
    // Of two simultaneous checks, exactly one wins.
    const checked = await markDoubleChecked(db, id, caller.accountId, now);
    if (!checked) throw conflict(ALREADY_CHECKED);
    const correction = await correctionOf(db, id);
    const users = await loadUsers(db, [checked.recordedBy, checked.doubleCheckBy]);
    const answer: Answer = { status: 200, body: toRegistration(checked, users, now, correction) };
    await app.audit.recordIn(db, request, [
      {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration_double_check,
        objectId: id,
        patientId: checked.patientId,
        detail: request.body.Note ? { Note: request.body.Note } : undefined,
      },
    ]);
    if (keyed) await keepAnswer(db, keyed, answer);
    return answer;
  };
  // The check, its entry and a key's answer commit together.
  return app.db.transaction(check);
}
