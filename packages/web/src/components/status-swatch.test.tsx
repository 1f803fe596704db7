import { render, screen } from '@testing-library/react';
import { STATUS_COLORS } from '@zorgportaal/contract';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render.tsx';
import { StatusSwatch } from './status-swatch.tsx';

describe('StatusSwatch', () => {
  it('shows the status by its name beside the colour, never by colour alone', () => {
    render(
      <TestProviders>
        <StatusSwatch
          status="declined"
          color={STATUS_COLORS.declined}
          label="Afgewezen"
          testId="order-status"
        />
      </TestProviders>,
    );
    const badge = screen.getByTestId('order-status');
    expect(badge.textContent).toBe('Afgewezen');
    expect(badge.getAttribute('data-status')).toBe('declined');
    const swatch = screen.getByTestId('order-status-swatch');
    expect(swatch.style.background).toBe('rgb(255, 91, 91)');
    expect(swatch.getAttribute('aria-hidden')).not.toBeNull();
  });
});
