import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The loading state of a table: a header bar and a few grey rows. */
export function TableSkeleton({
  rows = 6,
  'data-testid': testId,
}: {
  rows?: number;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      gap="xs"
      role="status"
      aria-busy="true"
      aria-label={t('app.loading', 'Laden…')}
      data-testid={testId}
    >
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={28} />
      ))}
    </Stack>
  );
}
