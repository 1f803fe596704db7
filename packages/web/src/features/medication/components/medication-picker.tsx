import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Medication } from '@zorgportaal/contract';
import { useCatalogueSearch } from '../../../lib/search-catalogue.ts';

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
  // The chosen product's own name in the box is no search: the list shows the first products.
  const catalogue = useCatalogueSearch(search === value?.Name ? '' : search);
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
