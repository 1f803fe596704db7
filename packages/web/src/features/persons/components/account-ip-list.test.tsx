import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TestProviders, jsonResponse } from '../../../test/render.tsx';
import { AccountIpList } from './account-ip-list.tsx';

describe('the IP list in the account drawer', { timeout: 20_000 }, () => {
  it('lists the entries and clears them only after the confirmation', async () => {
    let entries = [
      {
        Id: 1,
        Ip: '203.0.113.0/24',
        ProductId: 1,
        Description: 'Oud kantoor',
        CreatedAt: '2026-01-02T10:00:00Z',
      },
    ];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'DELETE') {
          entries = [];
          return jsonResponse(200, { message: 'gewist' });
        }
        return jsonResponse(200, entries);
      }),
    );
    render(
      <TestProviders>
        <AccountIpList accountId={42} username="verpleegkundige" />
      </TestProviders>,
    );
    expect((await screen.findByTestId('account-ip-entry')).textContent).toContain('203.0.113.0/24');
    fireEvent.click(screen.getByTestId('account-ips-clear'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/verpleegkundige/)).toBeTruthy();
    expect(calls).not.toContain('DELETE /api/accounts/42/ips');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls).toContain('DELETE /api/accounts/42/ips'));
    expect(await screen.findByTestId('account-ips-empty')).toBeTruthy();
  });
});
