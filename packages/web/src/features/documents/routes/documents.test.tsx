import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import DocumentsPage from './documents.tsx';

function logInWith(permissions: string[]) {
  sessionStorage.setItem(SESSION_KEYS.accessToken, 'token');
  sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 60_000));
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({ Id: 1, Username: 'x', Permissions: permissions.map((name) => ({ name })) }),
  );
}

describe('/support/documents: what is shown and who adds', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { Rows: [] })),
    );
  });
  const render = () =>
    renderRoutes([{ path: '/support/documents', element: <DocumentsPage /> }], '/support/documents');

  it('tells a reader what the list holds and that a Beheerder adds documents; no add button', async () => {
    logInWith(['documents.read']);
    render();
    expect((await screen.findByTestId('documents-intro')).textContent).toContain(
      'Documenten toevoegen doet een Beheerder van uw organisatie.',
    );
    await screen.findByTestId('documents-empty');
    expect(screen.queryByTestId('documents-empty-add')).toBeNull();
    expect(screen.queryByTestId('document-add')).toBeNull();
  });

  it('offers a writer the upload right from the empty list', async () => {
    logInWith(['documents.read', 'documents.write']);
    render();
    await screen.findByTestId('documents-empty');
    expect(screen.getByTestId('documents-empty-add').textContent).toBe('Document toevoegen');
    expect(screen.getByTestId('documents-intro').textContent).toContain('U kunt documenten toevoegen');
  });
});
