import { useEffect, useRef } from 'react';
import type { PrintBody } from '@zorgportaal/contract';
import { api } from './api-client.ts';

/**
 * A printout of a screen with client data is logged (NEN 7513: a copy that leaves the portal). The browser
 * says when it starts printing (`beforeprint`), whether from the page's print button or from its own print
 * command, and the page then tells the server what it shows: POST /api/log/print. `body` null: the page
 * shows no client data yet. Printing never waits for the answer; a failed call does not stop the printout.
 */
export function usePrintAudit(body: PrintBody | null): void {
  const current = useRef(body);
  useEffect(() => {
    current.current = body;
  });
  useEffect(() => {
    const onBeforePrint = () => {
      if (current.current) void api.post('/api/log/print', current.current).catch(() => undefined);
    };
    window.addEventListener('beforeprint', onBeforePrint);
    return () => window.removeEventListener('beforeprint', onBeforePrint);
  }, []);
}
