import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { TestProviders } from '../test/render.tsx';
import { ClientPhoto } from './client-photo.tsx';

describe('ClientPhoto', () => {
  let created: number;
  let photoRequests: number;
  beforeEach(() => {
    created = 0;
    photoRequests = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => `blob:photo-${++created}`,
        revokeObjectURL: () => {},
      }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        photoRequests += 1;
        return new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows one client's photo on several cards from one request and one image URL", async () => {
    render(
      <TestProviders>
        <ClientPhoto patientId={9} version="v1" name="Cor van Dam" />
        <ClientPhoto patientId={9} version="v1" name="Cor van Dam" />
        <ClientPhoto patientId={9} version="v1" name="Cor van Dam" />
      </TestProviders>,
    );
    const sources = () =>
      screen.getAllByTestId('client-photo').map((p) => p.querySelector('img')?.getAttribute('src'));
    await waitFor(() => expect(sources()).toEqual(['blob:photo-1', 'blob:photo-1', 'blob:photo-1']));
    expect(created).toBe(1);
    expect(photoRequests).toBe(1);
  });
});
