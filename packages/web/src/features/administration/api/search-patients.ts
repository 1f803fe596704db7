import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { patientListSchema } from '@zorgportaal/contract';

export interface PatientSearch {
  q?: string;
  departmentId?: number;
  limit?: number;
}
import { api } from '../../../lib/api-client.ts';

/** GET /api/patients: the patient filter of the results overview (name, BSN or room). */
export const searchPatients = (query: PatientSearch) =>
  api.get('/api/patients', { schema: patientListSchema, query: { ...query } });

export const patientSearchQueryOptions = (query: PatientSearch) =>
  queryOptions({ queryKey: ['administration', 'patients', query], queryFn: () => searchPatients(query) });

export const usePatientSearch = (query: PatientSearch) =>
  useQuery({ ...patientSearchQueryOptions(query), placeholderData: keepPreviousData });
