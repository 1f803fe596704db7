import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { jsonResponse, TestProviders } from '../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PatientFormDialog } from './patient-form/patient-form-dialog.tsx';

/** A confirmation opened by a plain button and one opened from a menu item. */
function ConfirmScreen() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Verwijderen</Button>
      <Menu>
        <Menu.Target>
          <Button>Acties</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpened(true)}>Deactiveren</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={opened}
        title="Zeker?"
        confirmLabel="Ja"
        onConfirm={() => {}}
        onCancel={() => setOpened(false)}
      >
        Dit kan niet ongedaan worden.
      </ConfirmDialog>
    </>
  );
}

/** A form dialog that is rendered only while open, as the screens do. */
function ClientScreen() {
  const [opened, setOpened] = useState(false);
  return (
    <MemoryRouter>
      <Button onClick={() => setOpened(true)}>Cliëntgegevens</Button>
      {opened && <PatientFormDialog name="Bert Bakker" personId={3} onClose={() => setOpened(false)} />}
    </MemoryRouter>
  );
}

const renderIn = (ui: React.ReactNode) => render(<TestProviders>{ui}</TestProviders>);

// Every dialog is components/dialog.tsx (lint refuses Mantine's Modal elsewhere), which ConfirmDialog and
// PatientFormDialog use as the features' dialogs do.
describe('dialogs give the focus back to what opened them', () => {
  it('ConfirmDialog: to the button that opened it', async () => {
    renderIn(<ConfirmScreen />);
    const opener = screen.getByRole('button', { name: 'Verwijderen' });
    opener.focus();
    fireEvent.click(opener);
    const cancel = await screen.findByTestId('confirm-dialog-cancel');
    fireEvent.click(cancel);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("ConfirmDialog opened from a menu item: to the menu's button, the item being gone", async () => {
    renderIn(<ConfirmScreen />);
    const menuButton = screen.getByRole('button', { name: 'Acties' });
    fireEvent.click(menuButton);
    const item = await screen.findByRole('menuitem', { name: 'Deactiveren' });
    item.focus();
    fireEvent.click(item);
    fireEvent.click(await screen.findByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('PatientFormDialog, unmounted on close: to the button that opened it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { Rows: [] })),
    );
    renderIn(<ClientScreen />);
    const opener = screen.getByRole('button', { name: 'Cliëntgegevens' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByTestId('patient-form-dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('patient-form-dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
