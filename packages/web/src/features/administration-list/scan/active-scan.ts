import { useSyncExternalStore } from 'react';

/**
 * Which card's scanner is open: one at a time, so a hand scan goes to exactly one moment. Opening a
 * card's scanner closes the one before.
 */
let active: string | null = null;
const listeners = new Set<() => void>();

export function setActiveScan(key: string | null): void {
  active = key;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useActiveScan = (): string | null => useSyncExternalStore(subscribe, () => active);
