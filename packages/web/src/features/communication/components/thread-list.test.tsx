import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ThreadSummary } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { ThreadList } from './thread-list.tsx';

const thread = (Id: number, Subject: string): ThreadSummary => ({
  Id,
  Subject,
  Priority: 'normal',
  PatientId: null,
  PatientName: null,
  OrderId: null,
  InrValue: null,
  FromEntityName: 'Apotheek Centraal',
  FromName: 'apotheker',
  ToEntityName: 'Zorgcentrum De Berk',
  ToGroupName: 'Dagdienst',
  LastMessageAt: '2026-11-22T08:11:00.000Z',
  MessageCount: 2,
  Unread: true,
});

function renderList(onSelect: (id: number) => void) {
  render(
    <TestProviders>
      <ThreadList
        threads={[thread(1, 'Levering'), thread(2, 'Baxterrol')]}
        selectedId={null}
        onSelect={onSelect}
      />
    </TestProviders>,
  );
  return screen.getAllByTestId('thread-row');
}

describe('ThreadList', () => {
  it('opens a thread from a click anywhere on its row', () => {
    const onSelect = vi.fn();
    const rows = renderList(onSelect);
    fireEvent.click(within(rows[1]!).getByText(/Apotheek Centraal/));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('opens it once from the subject button, which stays the only control in the row', () => {
    const onSelect = vi.fn();
    const rows = renderList(onSelect);
    expect(within(rows[0]!).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(rows[0]!).getByTestId('thread-open'));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('does not open a thread when the user dragged to select text in the row', () => {
    const onSelect = vi.fn();
    const rows = renderList(onSelect);
    vi.spyOn(window, 'getSelection').mockReturnValue({ toString: () => 'Levering' } as Selection);
    fireEvent.click(within(rows[0]!).getByText(/Apotheek Centraal/));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
