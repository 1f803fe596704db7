import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TestProviders } from '../../../test/render.tsx';
import { InterimChanges } from './interim-changes.tsx';

describe('interim change badges', () => {
  it('a roll with an interim change shows the badge in text and what changed', () => {
    render(
      <TestProviders>
        <InterimChanges
          changes={{
            Count: 1,
            Changes: [
              {
                Kind: 'stopped',
                AgreementId: 4,
                Product: 'METOPROLOL 50MG TABLET',
                At: '2026-11-23T09:00:00.000Z',
                RecordedAt: '2026-11-23T09:00:00.000Z',
                RecordedBy: 'apotheker',
              },
            ],
          }}
        />
      </TestProviders>,
    );
    expect(screen.getByTestId('roll-interim-badge').textContent).toBe('Tussentijdse wijziging');
    expect(screen.getByTestId('roll-interim').textContent).toContain('Gestopt: METOPROLOL 50MG TABLET');
    expect(screen.getByTestId('roll-interim').textContent).toContain('apotheker');
  });

  it('a roll without interim changes shows nothing', () => {
    render(
      <TestProviders>
        <InterimChanges changes={{ Count: 0, Changes: [] }} />
      </TestProviders>,
    );
    expect(screen.queryByTestId('roll-interim')).toBeNull();
  });
});
