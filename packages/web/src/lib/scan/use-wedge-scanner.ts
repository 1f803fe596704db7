import { useEffect, useLayoutEffect, useRef } from 'react';
import { createWedgeBuffer } from './wedge.ts';

/**
 * Listens for a hand scanner in keyboard mode while `enabled` (wedge.ts tells it from typing). The Enter
 * that ends a scan is swallowed, so it never presses the button that has the focus. It listens from the
 * commit that enables it (a layout effect), so a scan right after opening loses no keys.
 */
export function useWedgeScanner(onScan: (code: string) => void, enabled: boolean): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    const buffer = createWedgeBuffer((code) => latest.current(code));
    const onKey = (event: KeyboardEvent) => {
      if (buffer.key({ key: event.key, ctrlKey: event.ctrlKey, at: event.timeStamp })) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
