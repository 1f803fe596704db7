import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  patientListSchema,
  patientSchema,
  prescriberOptionsSchema,
  type PatientBody,
} from '@zorgportaal/contract';
import { api } from '../../lib/api-client.ts';
import { ApiRequestError } from '../../lib/api-errors.ts';
import { medicationKeys, patientKeys } from '../../lib/query-keys.ts';

/*
 * The client dialog serves two features (Personen and the AMO), so it lives outside both and asks the
 * API itself. Its query keys come from lib/query-keys.ts, shared with the medication and administration
 * features, so the caches are shared.
 */

/** GET /api/patient/{id} (the server logs the read); idle while id is null. */
export const usePatientById = (id: number | null) =>
  useQuery({
    queryKey: medicationKeys.patient(id ?? 0),
    queryFn: () => api.get(`/api/patient/${id}`, { schema: patientSchema }),
    enabled: id !== null,
  });

/** GET /api/patients/prescribers: the GP practices linked to the caller's care centre. */
export const usePrescriberOptions = () =>
  useQuery({
    queryKey: patientKeys.prescribers(),
    queryFn: () => api.get('/api/patients/prescribers', { schema: prescriberOptionsSchema }),
    staleTime: 60_000,
  });

/** Either make a person a client (a new patient) or change an existing patient's care data. */
export type SavePatientInput = { personId: number; patientId?: undefined } | { patientId: number };

/** The person is a client already: the dialog can switch to editing that patient. */
export class AlreadyClientError extends Error {
  constructor(readonly patientId: number) {
    super('already a client');
  }
}

/**
 * POST /api/patient/link/person/{personId} (201) or PUT /api/patient/{id}: the saved patient. A 409 on
 * linking means the person may be a client already; GET /api/patients?personId= finds that record.
 */
export async function savePatient({ target, body }: { target: SavePatientInput; body: PatientBody }) {
  if (target.patientId !== undefined)
    return api.put(`/api/patient/${target.patientId}`, body, { schema: patientSchema });
  try {
    return await api.post(`/api/patient/link/person/${target.personId}`, body, { schema: patientSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) {
      const found = await api.get(`/api/patients?personId=${target.personId}&limit=1`, {
        schema: patientListSchema,
      });
      if (found.Rows[0]) throw new AlreadyClientError(found.Rows[0].Id);
    }
    throw error;
  }
}

export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatient,
    onSuccess: (patient) => {
      queryClient.setQueryData(medicationKeys.patient(patient.Id), patient);
      // Pickers and lists show the name, room and department.
      return queryClient.invalidateQueries({ queryKey: patientKeys.searches() });
    },
  });
}
