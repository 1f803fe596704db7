import { useSearchParams } from 'react-router';

/** The chosen patient lives in the address (?patient=…), so a link or a reload keeps it. */
export function usePatientParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const patientId = Number(params.get('patient')) || null;
  const choose = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('patient', String(id));
      else next.delete('patient');
      return next;
    });
  return [patientId, choose];
}
