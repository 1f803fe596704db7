import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error.tsx';

/**
 * The states every per-department screen shares before its own data: the departments failed to load,
 * or the user has none. Otherwise renders `children()` (called lazily: it may read the screen's data, and it
 * shows the screen's own skeleton while the departments load).
 */
export function DepartmentGate({
  departments,
  departmentId,
  children,
}: {
  departments: UseQueryResult<unknown>;
  departmentId: number | null;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (departments.isError)
    return (
      <LoadError
        message={t('administration.departmentsError', 'De afdelingen konden niet worden geladen.')}
        error={departments.error}
        onRetry={() => void departments.refetch()}
        data-testid="departments-error"
      />
    );
  if (departments.isSuccess && departmentId === null)
    return (
      <Alert color="gray" variant="light" data-testid="no-departments">
        {t('administration.noDepartments', 'U heeft geen afdelingen om toedienlijsten van te bekijken.')}
      </Alert>
    );
  return children();
}
