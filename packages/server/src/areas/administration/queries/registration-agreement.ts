import type { Instructions, RiskCategory } from '@zorgportaal/contract';
import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScopeText, patientScopeParams } from '../../medication/public.ts';
import type * as t from '../tables.ts';

/** The agreement a registration is for, with what its rules need. */
export type Found = {
  agreement: typeof t.medicationAgreements.$inferSelect;
  departmentId: number;
  risks: RiskCategory[];
  medicationName: string;
  /** The failed checks of the moment's last bedside scan ([] passed; null: none, or no moment asked). */
  lastScanReasons: string[] | null;
};

/**
 * The agreement (whole row) with the patient's department and the product's risk categories, within the
 * scope ($3–$5), and with a moment ($2) what its last bedside scan caught (administration_scans_last_idx).
 * Arrays and instructions as JSON, timestamps as the drivers parse them (`Date`).
 */
const AGREEMENT_FOR_REGISTRATION = `
select a.id, a.entity_id as "entityId", a.patient_id as "patientId", a.medication_id as "medicationId",
  a.prescriber, a.type, a.start_at as "startAt", a.end_at as "endAt", a.stop_type as "stopType",
  a.stop_reason as "stopReason", a.reason, a.instructions::json as instructions,
  a.distribution_form as "distributionForm", a.self_managed as "selfManaged", a.replaces_id as "replacesId",
  a.created_by as "createdBy", a.created_at as "createdAt", a.identifier_system as "identifierSystem",
  a.identifier_value as "identifierValue",
  p.department_id as "departmentId", to_json(m.risk_categories) as risks, m.name as "medicationName",
  case when $2::timestamptz is null then null else (
    select to_json(s.reasons) from administration_scans s
    where s.agreement_id = a.id and s.scheduled_at = $2::timestamptz order by s.id desc limit 1) end as "lastScanReasons"
from medication_agreements a
join patients p on p.id = a.patient_id
join medications m on m.id = a.medication_id
where a.id = $1 and ${inPatientScopeText('a.entity_id', 'a.patient_id', 3)}`;

type Row = Found['agreement'] & {
  instructions: Instructions;
  departmentId: number;
  risks: RiskCategory[];
  medicationName: string;
  lastScanReasons: string[] | null;
};

const statement = preparedStatement<Row>(
  'administration_agreement_for_registration',
  AGREEMENT_FOR_REGISTRATION,
);

/**
 * The agreement of a registration within `scope`, or undefined; with `scheduledAt`, also what the moment's
 * last bedside scan caught (in the same statement: a registration costs no extra round trip for it).
 */
export async function findAgreementForRegistration(
  db: Db,
  id: number,
  scope: Scope,
  scheduledAt: Date | null = null,
): Promise<Found | undefined> {
  const [row] = await statement(db, [id, scheduledAt?.toISOString() ?? null, ...patientScopeParams(scope)]);
  if (!row) return undefined;
  const { departmentId, risks, medicationName, lastScanReasons, ...agreement } = row;
  return { agreement, departmentId, risks, medicationName, lastScanReasons };
}
