import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Select, SimpleGrid } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DateField } from '../../../components/date-field.tsx';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTION_CODES, AUDIT_OUTCOME_CODES, isCalendarDate } from '@zorgportaal/contract';
import { useLogPersons } from '../api/get-log-persons.ts';
import { useLogUsers } from '../api/get-log-users.ts';
import { useLogLabels } from '../hooks/use-log-labels.ts';
import { periodIsValid, type LogFilterState } from '../utils/log-filters.ts';

interface LogFiltersProps {
  state: LogFilterState;
  onChange: (change: Partial<LogFilterState>) => void;
}

/** Period, user, person, action and outcome. User and person are searched on the server. */
export function LogFilters({ state, onChange }: LogFiltersProps) {
  const { t } = useTranslation();
  const labels = useLogLabels();
  const all = t('log.filters.all', 'Alle');
  const [usersWanted, setUsersWanted] = useState(false);
  const [userSearch, setUserSearch] = useState('');
  const [personSearch, setPersonSearch] = useState('');
  const [userQ] = useDebouncedValue(userSearch.trim(), 300);
  const [personQ] = useDebouncedValue(personSearch.trim(), 300);
  const users = useLogUsers(userQ, usersWanted);
  const persons = useLogPersons(personQ);

  const userOptions = (users.data?.Rows ?? []).map((a) => ({ value: String(a.Id), label: a.Username }));
  if (state.userId && !userOptions.some((o) => o.value === state.userId))
    userOptions.unshift({
      value: state.userId,
      label: t('log.filters.userNumber', 'Gebruiker {{id}}', { id: state.userId }),
    });
  const personOptions = (persons.data?.Rows ?? []).map((p) => ({ value: String(p.Id), label: p.ScreenName }));
  if (state.personId && !personOptions.some((o) => o.value === state.personId))
    personOptions.unshift({
      value: state.personId,
      label: t('log.filters.personNumber', 'Persoon {{id}}', { id: state.personId }),
    });

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" data-testid="log-filters">
      <DateField
        label={t('log.filters.from', 'Vanaf')}
        value={state.from}
        onChange={(value) => (value === '' || isCalendarDate(value)) && onChange({ from: value })}
        data-testid="log-filter-from"
      />
      <DateField
        label={t('log.filters.to', 'Tot en met')}
        value={state.to}
        minDate={state.from || undefined}
        onChange={(value) => (value === '' || isCalendarDate(value)) && onChange({ to: value })}
        error={
          periodIsValid(state)
            ? undefined
            : t('log.filters.periodInvalid', 'De einddatum ligt voor de begindatum.')
        }
        data-testid="log-filter-to"
      />
      <Select
        label={t('log.filters.user', 'Gebruiker')}
        placeholder={all}
        data={userOptions}
        value={state.userId || null}
        onChange={(value) => onChange({ userId: value ?? '' })}
        onDropdownOpen={() => setUsersWanted(true)}
        searchable
        clearable
        searchValue={userSearch}
        onSearchChange={setUserSearch}
        filter={({ options }) => options}
        nothingFoundMessage={
          users.isFetching ? t('app.loading', 'Laden…') : t('log.filters.nothingFound', 'Niets gevonden')
        }
        data-testid="log-filter-user"
      />
      <Select
        label={t('log.filters.person', 'Persoon')}
        placeholder={t('log.filters.personPlaceholder', 'Typ een naam')}
        data={personOptions}
        value={state.personId || null}
        onChange={(value) => onChange({ personId: value ?? '' })}
        searchable
        clearable
        searchValue={personSearch}
        onSearchChange={setPersonSearch}
        filter={({ options }) => options}
        nothingFoundMessage={
          personQ.length < 2
            ? t('log.filters.typeMore', 'Typ minstens twee tekens')
            : t('log.filters.nothingFound', 'Niets gevonden')
        }
        data-testid="log-filter-person"
      />
      <Select
        label={t('log.filters.action', 'Actie')}
        data={[
          { value: '', label: all },
          ...AUDIT_ACTION_CODES.map((a) => ({ value: a, label: labels.action(a) })),
        ]}
        value={state.action}
        onChange={(value) => onChange({ action: (value ?? '') as LogFilterState['action'] })}
        allowDeselect={false}
        data-testid="log-filter-action"
      />
      <Select
        label={t('log.filters.outcome', 'Uitkomst')}
        data={[
          { value: '', label: all },
          ...AUDIT_OUTCOME_CODES.map((o) => ({ value: o, label: labels.outcome(o) })),
        ]}
        value={state.outcome}
        onChange={(value) => onChange({ outcome: value ?? '' })}
        allowDeselect={false}
        data-testid="log-filter-outcome"
      />
      {state.objectType ? (
        <Select
          label={t('log.filters.objectType', 'Soort')}
          data={[{ value: state.objectType, label: labels.object(state.objectType) }]}
          value={state.objectType}
          onChange={(value) => onChange({ objectType: value ?? '' })}
          clearable
          data-testid="log-filter-object-type"
        />
      ) : null}
    </SimpleGrid>
  );
}
