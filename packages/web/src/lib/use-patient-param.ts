import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

const storageKey = (scope: string) => `zp.patient.${scope}`;

/**
 * The chosen patient lives in the address (?patient=…), so a link or a reload keeps it. With `remember`,
 * pages that share a scope also share the choice within this tab: opening INR waarden and then Doseerschema
 * from the menu keeps the client (session storage, cleared with the session at logout).
 */
export function usePatientParam(remember?: string): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const fromAddress = Number(params.get('patient')) || null;
  const remembered = remember ? Number(sessionStorage.getItem(storageKey(remember))) || null : null;
  const patientId = fromAddress ?? remembered;

  const setAddress = (id: number | null, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('patient', String(id));
        else next.delete('patient');
        return next;
      },
      { replace },
    );

  // A remembered client is put into the address too, so a reload or a shared link shows the same.
  useEffect(() => {
    if (fromAddress === null && remembered !== null) setAddress(remembered, true);
    if (remember && fromAddress !== null) sessionStorage.setItem(storageKey(remember), String(fromAddress));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the address or the memory changes
  }, [fromAddress, remembered, remember]);

  const choose = (id: number | null) => {
    if (remember) {
      if (id) sessionStorage.setItem(storageKey(remember), String(id));
      else sessionStorage.removeItem(storageKey(remember));
    }
    setAddress(id);
  };
  return [patientId, choose];
}
