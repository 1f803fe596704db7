import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TestProviders } from '../../../test/render.tsx';
import { moment } from '../utils/test-fixtures.ts';
import { MomentBadges } from './moment-badges.tsx';

describe('moment badges', () => {
  it('flags a moment after an interim change of the Baxter roll in text', () => {
    render(
      <TestProviders>
        <MomentBadges moment={moment({ InterimChange: true })} />
      </TestProviders>,
    );
    expect(screen.getByTestId('interim-change-badge').textContent).toBe('Tussentijdse wijziging');
  });

  it('shows no interim change badge otherwise', () => {
    render(
      <TestProviders>
        <MomentBadges moment={moment({})} />
      </TestProviders>,
    );
    expect(screen.queryByTestId('interim-change-badge')).toBeNull();
  });
});
