import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departmentListSchema, patientSchema, type PatientBody } from '@zorgportaal/contract';
import { api } from '../../lib/api-client.ts';

/*
 * The client dialog serves two features (Personen and the AMO), so it lives outside both and asks the
 * API itself. The query keys are the ones the medication and administration features use for the same
 * calls, so the caches are shared.
 */

/** GET /api/medication/departments: the departments the caller may choose. */
export const useDepartmentOptions = () =>
  useQuery({
    queryKey: ['administration', 'departments'],
    queryFn: () => api.get('/api/medication/departments', { schema: departmentListSchema }),
    staleTime: 300_000,
  });

/** GET /api/patient/{id} (the server logs the read); idle while id is null. */
export const usePatientById = (id: number | null) =>
  useQuery({
    queryKey: ['medication', 'patient', id ?? 0],
    queryFn: () => api.get(`/api/patient/${id}`, { schema: patientSchema }),
    enabled: id !== null,
  });

/** Either make a person a client (a new patient) or change an existing patient's care data. */
export type SavePatientInput = { personId: number; patientId?: undefined } | { patientId: number };

/** POST /api/patient/link/person/{personId} (201) or PUT /api/patient/{id}: the saved patient. */
export const savePatient = ({ target, body }: { target: SavePatientInput; body: PatientBody }) =>
  target.patientId !== undefined
    ? api.put(`/api/patient/${target.patientId}`, body, { schema: patientSchema })
    : api.post(`/api/patient/link/person/${target.personId}`, body, { schema: patientSchema });

export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatient,
    onSuccess: (patient) => {
      queryClient.setQueryData(['medication', 'patient', patient.Id], patient);
      // Pickers and lists show the name, room and department.
      return queryClient.invalidateQueries({ queryKey: ['medication', 'patients'] });
    },
  });
}
