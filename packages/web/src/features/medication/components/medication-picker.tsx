import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Medication } from '@zorgportaal/contract';
import { useCatalogueSearch } from '../api/search-catalogue.ts';

/** A product from the catalogue, searched on the server as the user types. */
export function MedicationPicker({
  value,
  error,
  onChange,
}: {
  value: Medication | null;
  error?: string;
  onChange: (medication: Medication | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.Name ?? '');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search === value?.Name ? '' : search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search, value?.Name]);
  const catalogue = useCatalogueSearch(q);
  const rows = catalogue.data?.Rows ?? [];
  const all = value && !rows.some((row) => row.Id === value.Id) ? [value, ...rows] : rows;
  return (
    <Select
      label={t('medication.form.medication', 'Geneesmiddel')}
      placeholder={t('medication.form.medicationSearch', 'Zoek op naam, stof of ATC-code')}
      data={all.map((row) => ({ value: String(row.Id), label: row.Name }))}
      value={value ? String(value.Id) : null}
      onChange={(id) => onChange(all.find((row) => String(row.Id) === id) ?? null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('medication.form.noMedication', 'Geen geneesmiddel gevonden')}
      error={error}
      required
      size="md"
      comboboxProps={{ withinPortal: true }}
      data-testid="medication-picker"
    />
  );
}
