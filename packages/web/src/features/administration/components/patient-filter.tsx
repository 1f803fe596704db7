import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePatientSearch } from '../api/search-patients.ts';
import { useDebounced } from '../hooks/use-debounced.ts';

/** A patient picked by searching the server (name, BSN, room); keeps the chosen one's label. */
export function PatientFilter({
  value,
  departmentId,
  onChange,
}: {
  value: number | null;
  departmentId?: number;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const patients = usePatientSearch({ q: q || undefined, departmentId, limit: 20 });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (patients.data?.Rows ?? []).map((patient) => ({
    value: String(patient.Id),
    label: patient.Room ? `${patient.ScreenName} (${patient.Room})` : patient.ScreenName,
  }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={t('administration.results.patient', 'Cliënt')}
      placeholder={t('administration.results.allPatients', 'Alle cliënten')}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next ? Number(next) : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={t('administration.results.noPatients', 'Geen cliënten gevonden')}
      clearable
      size="md"
      data-testid="patient-filter"
    />
  );
}
