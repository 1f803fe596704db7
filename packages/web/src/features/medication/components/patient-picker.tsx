import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Patient } from '@zorgportaal/contract';
import { usePatientSearch } from '../../../lib/search-patients.ts';

const optionLabel = (patient: Patient) =>
  [patient.ScreenName, patient.DepartmentName, patient.Room].filter(Boolean).join(' · ');

/** Search a patient by name, BSN or room (server-side, as the user types). */
export function PatientPicker({
  value,
  onChange,
}: {
  value: Patient | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The chosen client's own label in the box is no search: the list shows the first clients.
  const patients = usePatientSearch(value && search === optionLabel(value) ? '' : search);
  const rows = patients.data?.Rows ?? [];
  const all = value && !rows.some((row) => row.Id === value.Id) ? [value, ...rows] : rows;
  return (
    <Select
      label={t('medication.patient', 'Cliënt')}
      placeholder={t('medication.patientSearch', 'Zoek op naam, BSN of kamer')}
      data={all.map((patient) => ({ value: String(patient.Id), label: optionLabel(patient) }))}
      value={value ? String(value.Id) : null}
      onChange={(id) => onChange(id ? Number(id) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={
        patients.isFetching
          ? t('app.loading', 'Laden…')
          : t('medication.noPatients', 'Geen cliënten gevonden')
      }
      size="md"
      maw={520}
      data-no-print
      data-testid="patient-picker"
    />
  );
}
