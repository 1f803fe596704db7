import { Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonSortField } from '@zorgportaal/contract';

interface SortableHeaderProps {
  field: PersonSortField;
  label: string;
  sort: PersonSortField;
  dir: 'asc' | 'desc';
  onSort: (field: PersonSortField) => void;
}

/** A column header that sorts on the server; aria-sort tells screen readers the current order. */
export function SortableHeader({ field, label, sort, dir, onSort }: SortableHeaderProps) {
  const { t } = useTranslation();
  const active = sort === field;
  return (
    <Table.Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(field)}
        fw={600}
        fz="sm"
        title={t('persons.table.sortBy', 'Sorteren op {{column}}', { column: label })}
        data-testid={`persons-sort-${field}`}
      >
        {label} <span aria-hidden="true">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
