import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientSchema, type PatientBody } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

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
