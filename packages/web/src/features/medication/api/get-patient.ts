import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { amoKeys } from './query-keys.ts';

/** GET /api/patient/{id}: the patient's care data (the server logs the read). */
export const getPatient = (id: number) => api.get(`/api/patient/${id}`, { schema: patientSchema });

export const patientQueryOptions = (id: number) =>
  queryOptions({ queryKey: amoKeys.patient(id), queryFn: () => getPatient(id) });

export const usePatient = (id: number | null) =>
  useQuery({ ...patientQueryOptions(id ?? 0), enabled: id !== null });
