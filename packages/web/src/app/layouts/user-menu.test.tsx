import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { version } from '../../../../../package.json';
import { renderRoutes } from '../../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

describe('user menu', () => {
  it("shows the portal's version from package.json", async () => {
    renderRoutes([{ path: '/', element: <UserMenu /> }], '/');
    fireEvent.click(screen.getByTestId('user-menu'));
    expect((await screen.findByTestId('user-menu-version')).textContent).toBe(`Zorgportaal ${version}`);
  });
});
