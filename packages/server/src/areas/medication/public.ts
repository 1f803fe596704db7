export {
  type DaySlot,
  daySlots,
  isAsNeeded,
  plannedFrom,
  plannedMoments,
  type PlanningAgreement,
} from './planned-moments.ts';
export { expansionOf, type PlannedDay, rollOverPlannedDays, storePlannedDays } from './queries/planned.ts';
/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { departmentsWithClients, visibleDepartments } from './queries/departments.ts';
export { callerDepartments, pickDepartment } from './departments.ts';
export { findAgreementRow, findPatient, listAgreements, listPatients } from './queries/index.ts';
export { markConsentGiven } from './queries/consent.ts';
export { toPatient } from './patient-mapper.ts';
export { selectPatients } from './queries/patient-rows.ts';
export { inPatientScope, inPatientScopeText, patientScopeParams } from './patient-scope.ts';
export { insertEcdClient, moveEcdClient } from './queries/ecd-clients.ts';
export {
  AGREEMENT_ENDED,
  type AgreementWrite,
  asChangeConflict,
  changeAgreement,
  createAgreement,
  isAgreementOver,
  stopAgreementAt,
} from './agreement-writes.ts';
export {
  agreementValues,
  type AgreementValues,
  currentVersionOf,
  findAgreementByIdentifier,
} from './queries/agreements.ts';
export type { AgreementRow } from './agreement-mapper.ts';
