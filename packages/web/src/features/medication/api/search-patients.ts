import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { patientListSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

export interface PatientSearch {
  q?: string;
  departmentId?: number;
  limit?: number;
}

/** GET /api/patients: the AMO's patient picker (name, BSN or room). */
export const searchPatients = (query: PatientSearch) =>
  api.get('/api/patients', { schema: patientListSchema, query: { ...query } });

export const patientSearchQueryOptions = (query: PatientSearch) =>
  queryOptions({ queryKey: ['medication', 'patients', query], queryFn: () => searchPatients(query) });

export const usePatientSearch = (query: PatientSearch) =>
  useQuery({ ...patientSearchQueryOptions(query), placeholderData: keepPreviousData });
