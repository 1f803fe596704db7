import { useSyncExternalStore } from 'react';

/**
 * Whether the toast container is needed yet. It loads on the first toast instead of with the
 * first page (the /login page shows none until something goes wrong); Mantine's store keeps the
 * toast until the container is there.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToastContainer(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useToastContainerWanted = () => useSyncExternalStore(subscribe, () => wanted);
