import '@mantine/core/styles/Pagination.css';
import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's Pagination with names for every control, so a screen reader says "Vorige pagina", not "button". */
export function ListPagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      getControlProps={(control) => ({
        'aria-label':
          control === 'previous'
            ? t('pagination.previous')
            : control === 'next'
              ? t('pagination.next')
              : control === 'first'
                ? t('pagination.first')
                : t('pagination.last'),
      })}
      getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
      {...props}
    />
  );
}
