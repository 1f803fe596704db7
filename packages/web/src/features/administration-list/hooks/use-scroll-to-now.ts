import { useEffect, useRef } from 'react';

/**
 * Once per department and day, when the list is there: scroll to the element marked
 * `data-scroll-target` (the current round's first open dose, or the round itself), so a nurse at
 * 22:45 starts at the 22:00 round instead of at 07:00.
 */
export function useScrollToNow(viewKey: string | null, ready: boolean) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || viewKey === null || done.current === viewKey) return;
    const target = document.querySelector<HTMLElement>('[data-scroll-target="true"]');
    if (!target) return;
    done.current = viewKey;
    target.scrollIntoView?.({ block: 'start' });
  }, [viewKey, ready]);
}
