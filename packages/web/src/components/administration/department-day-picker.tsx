import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { Button, Group, Select } from '@mantine/core';
import { DateField } from '../date-field.tsx';
import { useTranslation } from 'react-i18next';
import type { DepartmentOption } from '@zorgportaal/contract';
import { addDays, isIsoDay, todayInAmsterdam } from '../../lib/dates.ts';
import type { DepartmentDay } from '../../lib/administration/use-department-day.ts';

interface DepartmentDayPickerProps {
  /** Nothing is shown while they load or when there are none. */
  departments: readonly DepartmentOption[] | undefined;
  /** The screen's choice, from useDepartmentDay. */
  day: DepartmentDay;
}

/** Department and day, with large previous / today / next buttons for a touch screen. */
export function DepartmentDayPicker({ departments = [], day }: DepartmentDayPickerProps) {
  const { t } = useTranslation();
  if (departments.length === 0) return null;
  const manyEntities = new Set(departments.map((department) => department.EntityId)).size > 1;
  const options = departments.map((department) => ({
    value: String(department.Id),
    label: manyEntities ? `${department.Name} (${department.EntityName})` : department.Name,
  }));
  const today = todayInAmsterdam();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-no-print>
      <Select
        label={t('administration.department', 'Afdeling')}
        data={options}
        value={day.departmentId === null ? null : String(day.departmentId)}
        onChange={(value) => value && day.setDepartmentId(Number(value))}
        allowDeselect={false}
        size="md"
        miw={240}
        comboboxProps={{ withinPortal: true }}
        data-testid="department-select"
      />
      <DateField
        label={t('administration.day', 'Dag')}
        value={day.date}
        onChange={(value) => isIsoDay(value) && day.setDate(value)}
        required
        size="md"
        data-testid="date-input"
      />
      <Group gap="xs">
        <Button
          size="md"
          variant="default"
          onClick={() => day.setDate(addDays(day.date, -1))}
          data-testid="previous-day"
        >
          {t('administration.previousDay', 'Vorige dag')}
        </Button>
        <Button
          size="md"
          variant="default"
          disabled={day.date === today}
          onClick={() => day.setDate(today)}
          data-testid="today-button"
        >
          {t('administration.today', 'Vandaag')}
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={() => day.setDate(addDays(day.date, 1))}
          data-testid="next-day"
        >
          {t('administration.nextDay', 'Volgende dag')}
        </Button>
      </Group>
    </Group>
  );
}
