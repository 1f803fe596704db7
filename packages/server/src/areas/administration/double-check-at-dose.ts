import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type RegistrationBody,
  type RiskCategory,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccountRow } from '../accounts/public.ts';
import { verifySecondProfessional } from '../auth/public.ts';
import type { AuditEvent } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { unprocessable } from '../../platform/errors.ts';
import { markDoubleChecked } from './queries/index.ts';
import type { AdministrationRow } from './registration-mapper.ts';
import { needsDoubleCheck } from './rules.ts';

/**
 * The double check at the dose: the second professional confirms in the registration request itself
 * (DoubleCheck in the body), so the dose is complete at once. Verified before anything is stored; the
 * after-the-fact check (POST …/doublecheck) stays for when no colleague is at hand.
 */
export async function verifyDoubleCheckAtDose(
  app: FastifyInstance,
  request: FastifyRequest,
  risks: readonly RiskCategory[],
  body: RegistrationBody,
): Promise<AccountRow | null> {
  if (!body.DoubleCheck) return null;
  if (!needsDoubleCheck(risks, body.Status))
    throw unprocessable('Voor deze registratie is geen dubbele controle nodig.', 'DoubleCheck');
  return verifySecondProfessional(app, request, body.DoubleCheck, 'administration.register');
}

/** Records the verified second professional on the just-stored registration (same transaction). */
export async function markCheckedAtDose(
  db: Db,
  row: AdministrationRow,
  checker: AccountRow,
  now: Date,
): Promise<AdministrationRow> {
  return (await markDoubleChecked(db, row.id, checker.id, now)) ?? row;
}

/** The Logboek names both: the registration's entry carries the checker, and the checker gets an entry of their own. */
export function checkedAtDoseEntry(
  request: FastifyRequest,
  row: AdministrationRow,
  checker: AccountRow,
): AuditEvent {
  return {
    action: AUDIT_ACTIONS.update,
    outcome: 'success',
    objectType: AUDIT_OBJECTS.administration_double_check,
    objectId: row.id,
    patientId: row.patientId,
    actor: { userId: checker.id, username: checker.username, entityId: checker.entityId },
    detail: {
      AtDose: true,
      RecordedBy: { Id: request.caller!.accountId, Username: request.caller!.username },
    },
  };
}
