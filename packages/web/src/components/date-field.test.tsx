import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render.tsx';
import { DateField } from './date-field.tsx';

/** A field with its value shown, so the test reads what the form would hold. */
function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Geboortedatum" value={value} onChange={setValue} data-testid="date" />
      <output data-testid="value">{value}</output>
    </>
  );
}

const type = (text: string) => fireEvent.input(screen.getByTestId('date'), { target: { value: text } });

describe('DateField', () => {
  it('shows a stored date as DD-MM-YYYY and gives a typed Dutch date back as YYYY-MM-DD', () => {
    render(<Harness initial="1950-03-07" />, { wrapper: TestProviders });
    expect(screen.getByTestId<HTMLInputElement>('date').value).toBe('07-03-1950');
    type('04-07-1961');
    expect(screen.getByTestId('value').textContent).toBe('1961-07-04');
  });

  it('keeps an impossible date as typed (for the schema to refuse), never as "no date"', () => {
    render(<Harness initial="1950-03-07" />, { wrapper: TestProviders });
    type('31-02-1949');
    expect(screen.getByTestId('value').textContent).toBe('31-02-1949');
    fireEvent.blur(screen.getByTestId('date'));
    expect(screen.getByTestId<HTMLInputElement>('date').value).toBe('31-02-1949');
  });

  it('gives an emptied input back as no date', () => {
    render(<Harness initial="1950-03-07" />, { wrapper: TestProviders });
    type('');
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('takes text set without an input event when the input is left', () => {
    render(<Harness initial="1950-03-07" />, { wrapper: TestProviders });
    fireEvent.change(screen.getByTestId('date'), { target: { value: '31-02-1949' } });
    fireEvent.blur(screen.getByTestId('date'));
    expect(screen.getByTestId('value').textContent).toBe('31-02-1949');
  });

  it('gives no date back when the clear button is pressed', () => {
    const { container } = render(<Harness initial="1950-03-07" />, { wrapper: TestProviders });
    fireEvent.click(container.querySelector('button')!);
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.getByTestId<HTMLInputElement>('date').value).toBe('');
  });
});
