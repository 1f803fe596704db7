import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LAZY_CHUNK_TIMEOUT_MS } from '@zorgportaal/contract';
import { RouteError } from '../app/routes/route-error.tsx';
import { renderRoutes } from '../test/render.tsx';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './lazy-chunk.ts';

describe('lazy chunks (spec §7: 120 s time-out)', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with ChunkLoadError when a chunk does not arrive within 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const outcome = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(LAZY_CHUNK_TIMEOUT_MS);
    await outcome;
  });

  it('recognises the browser message of a failed dynamic import', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /static/js/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });

  it('shows the translated chunk-load error with a reload button in the area boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = [
      {
        path: '/broken',
        errorElement: <RouteError />,
        lazy: () =>
          loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
      },
    ];
    renderRoutes(failing, '/broken');
    expect(await screen.findByText(/kon niet worden geladen/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeTruthy();
  });
});
