import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { NetworkLink } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { LinksTable } from './links-table.tsx';

const anker = { Id: 3, Name: 'Zorgcentrum Het Anker', Type: 'carecenter' as const, Agb: null };
const linde = { Id: 2, Name: 'Apotheek De Linde', Type: 'pharmacy' as const, Agb: null };
/** Het Anker ended the supplies link De Linde had with it. */
const ended = (asSeenBy: 'anker' | 'linde'): NetworkLink => ({
  Id: 7,
  From: linde,
  To: anker,
  Role: 'supplies',
  Active: false,
  ProposedBy: anker.Id,
  CanActivate: asSeenBy === 'anker',
  DeactivatedBy: anker.Id,
  DeactivatedAt: '2026-11-20T10:15:00.000Z',
  CanPropose: asSeenBy === 'linde',
});

function renderTable(link: NetworkLink) {
  const handlers = { onActivate: vi.fn(), onDeactivate: vi.fn(), onRemove: vi.fn(), onPropose: vi.fn() };
  render(
    <TestProviders>
      <LinksTable links={[link]} mayManage busyId={null} {...handlers} />
    </TestProviders>,
  );
  return handlers;
}

describe('network links table: consent', () => {
  it('shows the partner who ended the link and when, offers a new proposal instead of activating', () => {
    const { onPropose } = renderTable(ended('linde'));
    expect(screen.getByTestId('network-link-status').firstChild?.textContent).toMatch(
      /^Gedeactiveerd door Zorgcentrum Het Anker op 2026-11-20 \d\d:\d\d/,
    );
    expect(screen.queryByTestId('network-link-activate')).toBeNull();
    expect(screen.getByTestId('network-link-consent').textContent).toContain(
      'Alleen Zorgcentrum Het Anker kan deze koppeling weer activeren',
    );
    fireEvent.click(screen.getByTestId('network-link-propose'));
    expect(onPropose).toHaveBeenCalledWith(expect.objectContaining({ Id: 7 }));
  });

  it('lets the organisation that ended it activate it again, without the proposal action', () => {
    const { onActivate } = renderTable(ended('anker'));
    expect(screen.queryByTestId('network-link-propose')).toBeNull();
    expect(screen.queryByTestId('network-link-consent')).toBeNull();
    fireEvent.click(screen.getByTestId('network-link-activate'));
    expect(screen.getByTestId('network-link-activate').textContent).toBe('Activeren');
    expect(onActivate).toHaveBeenCalledWith(expect.objectContaining({ Id: 7 }));
  });
});
