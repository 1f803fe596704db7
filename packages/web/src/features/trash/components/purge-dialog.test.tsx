import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TrashRow } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { PurgeDialog } from './purge-dialog.tsx';

const row: TrashRow = {
  PersonId: 7,
  NameInformation: {
    FirstNames: 'Jan',
    LastName: { Prefix: 'van der', LastName: 'Berg' },
    LastNamePartner: null,
  },
  ScreenName: 'Jan van der Berg',
  DateOfBirth: null,
  Username: null,
  DeletedAt: '2026-01-02T10:00:00.000Z',
  DeletedBy: { Id: 1, Username: 'beheerder' },
};

describe('delete for good', () => {
  it('enables the button only when the name is typed, then sends it as ConfirmName', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    render(
      <TestProviders>
        <PurgeDialog row={row} onClose={onClose} />
      </TestProviders>,
    );
    const input = await screen.findByTestId('purge-confirm-name');
    const button = () => screen.getByTestId('purge-confirm') as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Jan van der' } });
    expect(button().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Jan van der Berg' } });
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/trash/7');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ ConfirmName: 'Jan van der Berg' });
  });
});
