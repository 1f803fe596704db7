import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select, SimpleGrid } from '@mantine/core';
import { DateField } from '../../../components/date-field.tsx';
import { useTranslation } from 'react-i18next';
import {
  ADMINISTRATION_STATUSES,
  RESULT_GROUPINGS,
  type AdministrationStatus,
  type DepartmentOption,
  type ResultGrouping,
} from '@zorgportaal/contract';
import type { ResultsFilter } from '../../../lib/administration/results-filter.ts';
import { isIsoDay } from '../../../lib/dates.ts';
import { PatientFilter } from './patient-filter.tsx';
import { ProductFilter } from './product-filter.tsx';

interface ResultsFiltersProps {
  filter: ResultsFilter;
  departments: readonly DepartmentOption[];
  onChange: (filter: ResultsFilter) => void;
}

/** Period, department, patient, product, status and grouping of the results overview. */
export function ResultsFilters({ filter, departments, onChange }: ResultsFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<ResultsFilter>) => onChange({ ...filter, ...patch });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-no-print data-testid="results-filters">
      <DateField
        label={t('administration.results.from', 'Van')}
        value={filter.from ?? ''}
        maxDate={filter.to}
        onChange={(value) => isIsoDay(value) && set({ from: value })}
        required
        size="md"
        data-testid="results-from"
      />
      <DateField
        label={t('administration.results.to', 'Tot en met')}
        value={filter.to ?? ''}
        minDate={filter.from}
        onChange={(value) => isIsoDay(value) && set({ to: value })}
        required
        size="md"
        data-testid="results-to"
      />
      <Select
        label={t('administration.department', 'Afdeling')}
        placeholder={t('administration.results.allDepartments', 'Alle afdelingen')}
        data={departments.map((department) => ({ value: String(department.Id), label: department.Name }))}
        value={filter.departmentId ? String(filter.departmentId) : null}
        onChange={(value) => set({ departmentId: value ? Number(value) : undefined, patientId: undefined })}
        clearable
        size="md"
        data-testid="results-department"
      />
      <PatientFilter
        value={filter.patientId ?? null}
        departmentId={filter.departmentId}
        onChange={(id) => set({ patientId: id ?? undefined })}
      />
      <ProductFilter
        value={filter.medicationId ?? null}
        onChange={(id) => set({ medicationId: id ?? undefined })}
      />
      <Select
        label={t('administration.results.status', 'Status')}
        placeholder={t('administration.results.allStatuses', 'Alle statussen')}
        data={ADMINISTRATION_STATUSES.map((status) => ({
          value: status,
          label: t(`administrationStatus.${status}`),
        }))}
        value={filter.status ?? null}
        onChange={(value) => set({ status: (value as AdministrationStatus | null) ?? undefined })}
        clearable
        size="md"
        data-testid="results-status"
      />
      <Select
        label={t('administration.results.groupBy', 'Groeperen op')}
        data={RESULT_GROUPINGS.map((grouping) => ({
          value: grouping,
          label: t(`resultGrouping.${grouping}`),
        }))}
        value={filter.groupBy ?? 'status'}
        onChange={(value) => value && set({ groupBy: value as ResultGrouping })}
        allowDeselect={false}
        size="md"
        data-testid="results-group-by"
      />
    </SimpleGrid>
  );
}
