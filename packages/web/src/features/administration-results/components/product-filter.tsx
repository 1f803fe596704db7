import { useTranslation } from 'react-i18next';
import { useCatalogueSearch } from '../../../lib/search-catalogue.ts';
import { SearchSelect, useSearchText } from './search-select.tsx';

/** A product from the catalogue, searched on the server (name, substance, ATC code). */
export function ProductFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const search = useSearchText();
  const catalogue = useCatalogueSearch(search.text);
  const options = (catalogue.data?.Rows ?? []).map((medication) => ({
    value: String(medication.Id),
    label: medication.Name,
  }));
  return (
    <SearchSelect
      value={value}
      onChange={onChange}
      search={search}
      options={options}
      label={t('administration.results.product', 'Product')}
      placeholder={t('administration.results.allProducts', 'Alle producten')}
      nothingFound={t('administration.results.noProducts', 'Geen producten gevonden')}
      testId="product-filter"
    />
  );
}
