import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { patientListSchema } from '@zorgportaal/contract';
import { api } from './api-client.ts';
import { patientKeys } from './query-keys.ts';

export interface PatientSearch {
  q?: string;
  departmentId?: number;
  limit?: number;
}

/** GET /api/patients (name, BSN or room): the AMO's patient picker and the results overview's filter. */
export const searchPatients = (query: PatientSearch) =>
  api.get('/api/patients', { schema: patientListSchema, query: { ...query } });

export const patientSearchQueryOptions = (query: PatientSearch) =>
  queryOptions({ queryKey: patientKeys.search(query), queryFn: () => searchPatients(query) });

export const usePatientSearch = (query: PatientSearch) =>
  useQuery({ ...patientSearchQueryOptions(query), placeholderData: keepPreviousData });
