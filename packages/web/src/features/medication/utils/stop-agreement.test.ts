import { describe, expect, it } from 'vitest';
import { resolveStop, stopBody } from './stop-agreement.ts';

describe('the stop dialog', () => {
  it('asks for a reason (spaces alone do not count)', () => {
    expect(resolveStop({ StopType: 'stopped', Reason: '   ', StopAt: '' })).toEqual({
      Reason: 'Vul de reden in.',
    });
  });

  it('refuses an impossible stop date instead of stopping now', () => {
    const errors = resolveStop({ StopType: 'paused', Reason: 'Opname', StopAt: '31-02-2026' });
    expect(Object.keys(errors)).toEqual(['StopAt']);
  });

  it('sends no stop date when none is chosen, so the server stops now', () => {
    expect(resolveStop({ StopType: 'stopped', Reason: 'Klaar', StopAt: '' })).toEqual({});
    expect(stopBody({ StopType: 'stopped', Reason: 'Klaar', StopAt: '' })).toEqual({
      StopType: 'stopped',
      Reason: 'Klaar',
    });
    expect(stopBody({ StopType: 'stopped', Reason: 'Klaar', StopAt: '2026-06-01' }).StopAt).toBe(
      '2026-06-01',
    );
  });
});
