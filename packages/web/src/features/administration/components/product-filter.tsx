import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalogueSearch } from '../api/search-catalogue.ts';
import { useDebounced } from '../hooks/use-debounced.ts';

/** A product from the catalogue, searched on the server (name, substance, ATC code). */
export function ProductFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const catalogue = useCatalogueSearch({ q: q || undefined, limit: 25 });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (catalogue.data?.Rows ?? []).map((medication) => ({
    value: String(medication.Id),
    label: medication.Name,
  }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={t('administration.results.product', 'Product')}
      placeholder={t('administration.results.allProducts', 'Alle producten')}
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
      nothingFoundMessage={t('administration.results.noProducts', 'Geen producten gevonden')}
      clearable
      size="md"
      data-testid="product-filter"
    />
  );
}
