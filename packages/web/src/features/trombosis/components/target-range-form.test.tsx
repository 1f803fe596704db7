import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { TargetRange } from '@zorgportaal/contract';
import { TestProviders, jsonResponse } from '../../../test/render.tsx';
import { trombosisKeys } from '../api/query-keys.ts';
import { TargetRangePanel } from './target-range-form.tsx';

const range: TargetRange = {
  Id: 31,
  Group: 'group1',
  Low: 2,
  High: 3,
  ValidFrom: '2026-11-28T09:00:00Z',
  SetBy: 'Trombosedienst',
};

/** As on the INR page: the panel is keyed by the current range, and another trombosis query is open. */
function Page() {
  const values = useQuery({
    queryKey: trombosisKeys.inrValues(5),
    queryFn: async () => (await fetch('/values')).json() as Promise<{ TargetRange: TargetRange | null }>,
  });
  useQuery({ queryKey: trombosisKeys.dashboard(), queryFn: async () => (await fetch('/dashboard')).json() });
  if (!values.data) return null;
  return (
    <TargetRangePanel
      key={values.data.TargetRange?.Id ?? 0}
      patientId={5}
      current={values.data.TargetRange}
      history={[]}
      canWrite
    />
  );
}

describe('setting a target range', { timeout: 20_000 }, () => {
  it('confirms it even though the refreshed values replace the panel before the other queries are back', async () => {
    let saved = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT' && url === '/api/trombosis/patient/5/targetrange') {
          saved = true;
          return jsonResponse(200, range);
        }
        if (url === '/values') return jsonResponse(200, { TargetRange: saved ? range : null });
        if (saved) await new Promise((resolve) => setTimeout(resolve, 200));
        return jsonResponse(200, {});
      }),
    );
    render(
      <TestProviders>
        <Page />
      </TestProviders>,
    );
    fireEvent.click(await screen.findByTestId('target-range-save'));
    expect(await screen.findByText('Het streefgebied is vastgelegd.')).toBeTruthy();
    expect(screen.getByTestId('target-range-current').textContent).toMatch(/Groep 1/);
  });
});
