import type { AdministrationStatus, ResultGrouping } from '@zorgportaal/contract';

/** The query of /api/administration/results and its CSV export (resultsQuerySchema, typed for the client). */
export interface ResultsFilter {
  from?: string;
  to?: string;
  departmentId?: number;
  patientId?: number;
  medicationId?: number;
  status?: AdministrationStatus;
  groupBy?: ResultGrouping;
}
