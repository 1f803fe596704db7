import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { type PrintBody, SESSION_KEYS } from '@zorgportaal/contract';
import { usePrintAudit } from './print-audit.ts';

describe('usePrintAudit', () => {
  let posted: unknown[];
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'tok');
    sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 600_000));
    posted = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (new URL(input, 'http://localhost').pathname === '/api/log/print' && init?.method === 'POST')
          posted.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('tells the server what the page shows when the browser starts printing, and nothing before', async () => {
    const first: PrintBody = { Screen: 'medication_agreements', PatientIds: [5] };
    const { rerender, unmount } = renderHook(({ body }) => usePrintAudit(body), {
      initialProps: { body: null as PrintBody | null },
    });
    window.dispatchEvent(new Event('beforeprint'));
    rerender({ body: first });
    expect(posted).toEqual([]);
    window.dispatchEvent(new Event('beforeprint'));
    await waitFor(() => expect(posted).toEqual([first]));
    // What is on the page when printing starts, not what was there first.
    const list: PrintBody = { Screen: 'administration_list', PatientIds: [5, 6], DepartmentId: 2 };
    rerender({ body: list });
    window.dispatchEvent(new Event('beforeprint'));
    await waitFor(() => expect(posted).toEqual([first, list]));
    unmount();
    window.dispatchEvent(new Event('beforeprint'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(posted).toHaveLength(2);
  });
});
