import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderRoutes } from '../test/render.tsx';
import { usePatientParam } from './use-patient-param.ts';

function Page({ remember }: { remember?: string }) {
  const [patientId, choose] = usePatientParam(remember);
  return (
    <button type="button" data-testid="patient" onClick={() => choose(7)}>
      {String(patientId)}
    </button>
  );
}

const routes = (remember?: string) => [
  { path: '/inrvalues', element: <Page remember={remember} /> },
  { path: '/dosagescheme', element: <Page remember={remember} /> },
];

describe('usePatientParam', () => {
  it('keeps the client chosen on one page of a scope for the next page of it, in the address too', async () => {
    const first = renderRoutes(routes('trombosis'), '/inrvalues');
    expect(screen.getByTestId('patient').textContent).toBe('null');
    act(() => screen.getByTestId('patient').click());
    expect(first.router.state.location.search).toBe('?patient=7');
    first.unmount();

    const second = renderRoutes(routes('trombosis'), '/dosagescheme');
    expect(screen.getByTestId('patient').textContent).toBe('7');
    await act(async () => {});
    expect(second.router.state.location.search).toBe('?patient=7');
  });

  it('a client in the address wins and becomes the remembered one; pages without a scope remember nothing', () => {
    renderRoutes(routes('trombosis'), '/inrvalues?patient=3').unmount();
    renderRoutes(routes(), '/dosagescheme?patient=9').unmount();
    renderRoutes(routes('trombosis'), '/dosagescheme');
    expect(screen.getByTestId('patient').textContent).toBe('3');
  });
});
