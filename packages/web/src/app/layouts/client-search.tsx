import '@mantine/core/styles/Kbd.css';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Kbd, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { findProtectedRoute, type Patient } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { usePatientSearch } from '../../lib/search-patients.ts';
import { hasPermission, mayOpen } from '../../lib/session.ts';
import { Dialog } from '../../components/dialog.tsx';

/** GET /api/patients answers these permissions (the server's patient read rule); nobody else gets a search. */
const PATIENT_READ_PERMISSIONS = ['medication.read', 'trombosis.read'];

/**
 * Where a chosen client opens: the AMO, or, for the trombosis service (which may not open the AMO),
 * the client's INR waarden. Null when the user may open neither; then there is no search at all.
 */
function clientScreen(): string | null {
  for (const path of ['/amo', '/inrvalues']) {
    const route = findProtectedRoute(path);
    if (route && mayOpen(route)) return path;
  }
  return null;
}

export const mayUseClientSearch = (): boolean =>
  PATIENT_READ_PERMISSIONS.some((permission) => hasPermission(permission)) && clientScreen() !== null;

const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** A dialog is already open (perhaps a form with unsaved input): the shortcut does not stack on it. */
const dialogOpen = (): boolean => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

function describe(patient: Patient): string {
  const place = [patient.DepartmentName, patient.Room].filter(Boolean).join(' ');
  return [formatDate(patient.DateOfBirth), place].filter(Boolean).join(' · ');
}

/** The search field and its results, mounted only while the dialog is open. */
function SearchPanel({ onChoose }: { onChoose: (patient: Patient) => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const typed = text.trim() !== '';
  const search = usePatientSearch(text, undefined, true);
  const rows = typed ? (search.data?.Rows ?? []) : [];
  const current = Math.min(active, rows.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  // Arrows move through the results and Enter opens one; the focus stays in the field all along.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (rows.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + rows.length) % rows.length);
    } else if (event.key === 'Enter' && rows[current]) {
      event.preventDefault();
      onChoose(rows[current]);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('clientSearch.field', 'Naam, BSN of kamer')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={rows.length > 0}
        aria-controls={listId}
        aria-activedescendant={rows.length > 0 ? optionId(current) : undefined}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        autoComplete="off"
        data-autofocus
        data-testid="client-search-input"
      />
      <Stack gap={2} id={listId} role="listbox" aria-label={t('clientSearch.results', 'Cliënten')}>
        {rows.map((patient, index) => (
          <UnstyledButton
            key={patient.Id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            // Not a Tab stop: the field keeps the focus and the arrows choose, as in a combobox.
            tabIndex={-1}
            onClick={() => onChoose(patient)}
            onMouseEnter={() => setActive(index)}
            px="sm"
            py={6}
            bg={index === current ? 'blue.0' : undefined}
            style={{ borderRadius: 4 }}
            data-testid="client-search-option"
          >
            <Text fw={600} size="sm">
              {patient.ScreenName}
            </Text>
            <Text size="xs" c="dark.6">
              {describe(patient)}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
      <Text size="sm" c="dark.6" aria-live="polite" data-testid="client-search-status">
        {!typed
          ? t('clientSearch.hint', 'Typ om te zoeken; pijltjes kiezen, Enter opent, Escape sluit.')
          : search.isSuccess && rows.length === 0 && !search.isFetching
            ? t('clientSearch.none', 'Geen cliënt gevonden.')
            : ''}
      </Text>
    </Stack>
  );
}

/**
 * The header's "Cliënt zoeken" (also Ctrl+K, ⌘K on a Mac, from anywhere in the portal): finds a
 * client with the pickers' search and opens them in the AMO (or INR waarden). Absent for a user who
 * may not read clients or open either screen.
 */
export function ClientSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const allowed = mayUseClientSearch();
  useHotkeys(
    allowed
      ? [
          [
            'mod+k',
            () => {
              if (!dialogOpen()) setOpened(true);
            },
          ],
        ]
      : [],
    // Also from a form field: Ctrl+K has no meaning of its own there.
    [],
  );
  if (!allowed) return null;

  const choose = (patient: Patient) => {
    setOpened(false);
    navigate(`${clientScreen()}?patient=${patient.Id}`);
  };
  const shortcut = isMac() ? '⌘ K' : 'Ctrl K';

  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        onClick={() => setOpened(true)}
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        rightSection={
          <Kbd size="xs" visibleFrom="md">
            {shortcut}
          </Kbd>
        }
        data-testid="client-search-button"
      >
        {t('clientSearch.button', 'Cliënt zoeken')}
      </Button>
      <Dialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('clientSearch.title', 'Cliënt zoeken')}
        yOffset="10vh"
        data-testid="client-search"
      >
        {opened && <SearchPanel onChoose={choose} />}
      </Dialog>
    </>
  );
}
