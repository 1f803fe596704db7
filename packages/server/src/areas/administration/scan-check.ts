import type { scanCheckBodySchema } from '@zorgportaal/contract';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type ScanCheckAnswer,
  type ScanReadError,
  type ScanReason,
  readScan,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { forbidden, refuseNotFound, unprocessable } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { localDate, localInstant } from '../../platform/time.ts';
import { isAsNeeded, plannedMoments } from '../medication/public.ts';
import {
  effectiveRegistrationOf,
  findAgreementForRegistration,
  insertScan,
  patientNameInScope,
  productOfGtin,
  sachetContents,
} from './queries/index.ts';
import { isWithdrawn, mayRegisterAt } from './rules.ts';
import { timingOf, windowSettingsOf } from './time-window.ts';

type Body = z.output<typeof scanCheckBodySchema>;
type Check = ScanCheckAnswer['Checks'][number];

/** Why a code could not be read, in Dutch (the web reads the code itself first and shows its own text). */
const UNREADABLE: Record<ScanReadError, string> = {
  not_portal_code: 'Deze code is niet te lezen.',
  check_character: 'Het controleteken van deze code klopt niet: scan opnieuw.',
  malformed: 'Deze code is niet te lezen.',
  empty: 'Scan een code.',
  check_digit: 'Het controlecijfer van het GTIN klopt niet: scan opnieuw.',
  truncated: 'Deze code is onvolledig: scan opnieuw.',
  unknown_ai: 'Deze code bevat een onbekend GS1-gegeven.',
  invalid_date: 'De vervaldatum in deze code is ongeldig.',
  invalid_value: 'Deze code is niet te lezen.',
  missing_separator: 'Deze code is niet te lezen (scheidingsteken ontbreekt).',
  duplicate_ai: 'Deze code is niet te lezen.',
  missing_gtin: 'Deze code bevat geen GTIN.',
};

const passed = (Check: Check['Check']): Check => ({ Check, Outcome: 'passed', Reason: null });
const failed = (Check: Check['Check'], Reason: ScanReason): Check => ({ Check, Outcome: 'failed', Reason });
const notApplicable = (Check: Check['Check']): Check => ({ Check, Outcome: 'not_applicable', Reason: null });

/**
 * The bedside check (docs/scanning.md): right client, right drug, right time, not expired, not already
 * given, for the moment on the nurse's card and the code scanned for it. Every scan is kept (the results'
 * "gescand" share) and audited; one that fails is a `refused` entry naming the reasons.
 */
export async function checkScan(
  app: FastifyInstance,
  request: FastifyRequest,
  body: Body,
  scope: Scope,
): Promise<ScanCheckAnswer> {
  const now = new Date();
  const read = readScan(body.Code, now);
  if (!read.ok) throw unprocessable(UNREADABLE[read.error], 'Code');
  const found = await findAgreementForRegistration(app.db, body.AgreementId, scope);
  if (!found)
    return refuseNotFound(request, AUDIT_OBJECTS.medication_agreement, body.AgreementId, AUDIT_ACTIONS.read);
  const { agreement } = found;
  if (!mayRegisterAt(request.caller!, agreement.entityId)) throw forbidden();
  const scheduledAt = body.ScheduledAt === null ? null : new Date(body.ScheduledAt);
  if (scheduledAt === null ? !isAsNeeded(agreement) : !isPlanned(agreement, scheduledAt))
    throw unprocessable('Dit is geen gepland toedienmoment van deze afspraak.', 'ScheduledAt');

  const code = read.value;
  const checks: Check[] = [];
  let scannedPatient: number | null = null;
  let sachetMoment: Date | null = null;
  if (code.kind === 'product') {
    checks.push(notApplicable('client'));
    const product = await productOfGtin(app.db, code.gs1.gtin);
    checks.push(
      product === null
        ? failed('drug', 'unknown_product')
        : product === agreement.medicationId
          ? passed('drug')
          : failed('drug', 'wrong_drug'),
    );
  } else {
    scannedPatient = code.patientId;
    const rightClient = code.patientId === agreement.patientId;
    if (code.kind === 'wristband') {
      checks.push(rightClient ? passed('client') : failed('client', 'wrong_client'));
      checks.push(notApplicable('drug'));
    } else {
      sachetMoment = localInstant(code.date, code.time);
      const sachet = await sachetContents(app.db, code, sachetMoment, agreement.medicationId);
      checks.push(
        !sachet.rollOfPatient
          ? failed('client', 'unknown_sachet')
          : rightClient
            ? passed('client')
            : failed('client', 'wrong_client'),
      );
      checks.push(
        !(sachet.rollOfPatient && rightClient)
          ? notApplicable('drug')
          : sachet.holdsProduct
            ? passed('drug')
            : failed('drug', 'not_in_sachet'),
      );
    }
  }
  checks.push(await timeCheck(app, agreement.entityId, scheduledAt, sachetMoment, now));
  const expiry = code.kind === 'product' ? code.gs1.expiry : null;
  checks.push(
    expiry === null
      ? notApplicable('expiry')
      : expiry < localDate(now)
        ? failed('expiry', 'expired')
        : passed('expiry'),
  );
  const registered = scheduledAt && (await effectiveRegistrationOf(app.db, agreement.id, scheduledAt));
  checks.push(
    scheduledAt === null
      ? notApplicable('not_given')
      : registered && !isWithdrawn(registered.status)
        ? failed('not_given', 'already_registered')
        : passed('not_given'),
  );

  const reasons = checks.flatMap((check) => (check.Reason ? [check.Reason] : []));
  const ok = reasons.length === 0;
  await insertScan(app.db, {
    entityId: agreement.entityId,
    departmentId: found.departmentId,
    patientId: agreement.patientId,
    agreementId: agreement.id,
    medicationId: agreement.medicationId,
    scheduledAt,
    kind: code.kind,
    passed: ok,
    reasons,
    scannedBy: request.caller!.accountId,
  });
  const [momentName, scannedName] = await Promise.all([
    patientNameInScope(app.db, agreement.patientId, scope),
    scannedPatient === null ? null : patientNameInScope(app.db, scannedPatient, scope),
  ]);
  const otherClient = scannedName !== null && scannedPatient !== agreement.patientId;
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.execute,
    outcome: ok ? 'success' : 'refused',
    objectType: AUDIT_OBJECTS.administration_scan,
    objectId: agreement.id,
    patientId: agreement.patientId,
    // A sachet of another client (one the nurse may see) names that client too: "who saw this client".
    relatedPatientIds: otherClient ? [scannedPatient!] : undefined,
    detail: { Kind: code.kind, ScheduledAt: body.ScheduledAt, Passed: ok, Reasons: reasons },
  });
  return {
    Passed: ok,
    Kind: code.kind,
    Checks: checks,
    MomentClientName: momentName ?? '',
    ScannedClientName: scannedName,
    Expiry: expiry,
    SachetMoment: sachetMoment && code.kind === 'sachet' ? `${code.date} ${code.time}` : null,
  };
}

function isPlanned(agreement: Parameters<typeof plannedMoments>[0][number], at: Date): boolean {
  return plannedMoments([agreement], localDate(at)).some(
    (slot) => slot.scheduledAt?.getTime() === at.getTime(),
  );
}

/** Right time: the sachet is for this moment, and the moment is in its time window now (time-window.ts). */
async function timeCheck(
  app: FastifyInstance,
  entityId: number,
  scheduledAt: Date | null,
  sachetMoment: Date | null,
  now: Date,
): Promise<Check> {
  if (scheduledAt === null) return sachetMoment ? failed('time', 'wrong_moment') : notApplicable('time');
  if (sachetMoment && sachetMoment.getTime() !== scheduledAt.getTime()) return failed('time', 'wrong_moment');
  const window = windowSettingsOf(await app.callerCache.entitySettings(entityId));
  const timing = timingOf(scheduledAt, now, window);
  if (timing === 'in_window') return passed('time');
  const reason = { early: 'early', late: 'late', too_early: 'too_early', too_late: 'too_late' } as const;
  return failed('time', reason[timing]);
}
