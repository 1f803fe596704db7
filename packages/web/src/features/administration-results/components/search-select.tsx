import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { Select } from '@mantine/core';

export interface SearchOption {
  value: string;
  label: string;
}

/** The typed search text (the search hooks debounce and trim it). */
export function useSearchText() {
  const [text, setText] = useState('');
  return { text, setText };
}

/**
 * One item picked by searching the server as the user types (`search` from useSearchText, `options`
 * the server's answer); keeps the chosen one's label while other search results show.
 */
export function SearchSelect({
  value,
  onChange,
  search,
  options,
  label,
  placeholder,
  nothingFound,
  testId,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  search: ReturnType<typeof useSearchText>;
  options: SearchOption[];
  label: string;
  placeholder: string;
  nothingFound: string;
  testId: string;
}) {
  const [chosen, setChosen] = useState<SearchOption | null>(null);
  const data =
    chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next ? Number(next) : null);
      }}
      searchable
      searchValue={search.text}
      onSearchChange={search.setText}
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      clearable
      size="md"
      data-testid={testId}
    />
  );
}
