import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { AccountLookups } from '@zorgportaal/contract';
import { isFiltered, type PersonListState, type TriState } from '../utils/person-list-params.ts';

interface PersonsFiltersProps {
  state: PersonListState;
  lookups: AccountLookups | undefined;
  onChange: (change: Partial<PersonListState>) => void;
  onReset: () => void;
}

const SEARCH_DELAY_MS = 300;

/** Search (debounced, on the server) and the filters active / role / team / has account. */
export function PersonsFilters({ state, lookups, onChange, onReset }: PersonsFiltersProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(state.q);
  // The search the list last asked for, from this field or from the page (a person just created):
  // a change from the page shows in the field, this field's own changes are not typed over.
  const [known, setKnown] = useState(state.q);
  if (state.q !== known) {
    setKnown(state.q);
    setSearch(state.q);
  }
  const pushSearch = useDebouncedCallback((q: string) => {
    setKnown(q);
    onChange({ q });
  }, SEARCH_DELAY_MS);
  const all = t('persons.filters.all', 'Alle');
  const triState = (value: string | null) => (value ?? '') as TriState;
  const refs = (list: { Id: number; Name: string }[] = []) =>
    list.map((ref) => ({ value: String(ref.Id), label: ref.Name }));
  const filtered = isFiltered(state);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" data-testid="persons-filters">
      <TextInput
        label={t('persons.filters.search', 'Zoeken')}
        placeholder={t(
          'persons.filters.searchPlaceholder',
          'Naam, gebruikersnaam, personeelsnummer of e-mail',
        )}
        type="search"
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') pushSearch.flush();
        }}
        data-testid="persons-search"
      />
      <Select
        label={t('persons.filters.active', 'Status')}
        data={[
          { value: '', label: all },
          { value: 'true', label: t('persons.filters.activeOnly', 'Actief') },
          { value: 'false', label: t('persons.filters.inactiveOnly', 'Inactief') },
        ]}
        value={state.active}
        onChange={(value) => onChange({ active: triState(value) })}
        allowDeselect={false}
        data-testid="persons-filter-active"
      />
      <Select
        label={t('persons.filters.role', 'Rol')}
        data={[{ value: '', label: all }, ...refs(lookups?.Roles)]}
        value={state.role}
        onChange={(value) => onChange({ role: value ?? '' })}
        allowDeselect={false}
        searchable
        data-testid="persons-filter-role"
      />
      <Select
        label={t('persons.filters.team', 'Team')}
        data={[{ value: '', label: all }, ...refs(lookups?.Teams)]}
        value={state.team}
        onChange={(value) => onChange({ team: value ?? '' })}
        allowDeselect={false}
        searchable
        data-testid="persons-filter-team"
      />
      <Select
        label={t('persons.filters.hasAccount', 'Account')}
        data={[
          { value: '', label: all },
          { value: 'true', label: t('persons.filters.withAccount', 'Met account') },
          { value: 'false', label: t('persons.filters.withoutAccount', 'Zonder account') },
        ]}
        value={state.hasAccount}
        onChange={(value) => onChange({ hasAccount: triState(value) })}
        allowDeselect={false}
        data-testid="persons-filter-has-account"
      />
      <Button
        variant="subtle"
        mt={{ base: 0, lg: 25 }}
        disabled={!filtered}
        onClick={() => {
          pushSearch.cancel();
          setSearch('');
          onReset();
        }}
        data-testid="persons-filters-reset"
      >
        {t('persons.filters.reset', 'Filters wissen')}
      </Button>
    </SimpleGrid>
  );
}
