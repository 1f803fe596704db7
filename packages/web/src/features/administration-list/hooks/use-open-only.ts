import { useCallback, useState } from 'react';

const KEY = 'zorgportaal.administrationList.openOnly';

const read = (): boolean => {
  try {
    return window.localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
};

/** "Alleen open" on the toedienlijst, remembered on this device (a ward tablet keeps its choice). */
export function useOpenOnly(): [boolean, (next: boolean) => void] {
  const [openOnly, setState] = useState(read);
  const set = useCallback((next: boolean) => {
    setState(next);
    try {
      window.localStorage.setItem(KEY, String(next));
    } catch {
      // Private mode or storage full: the choice holds for this visit only.
    }
  }, []);
  return [openOnly, set];
}
