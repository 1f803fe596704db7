import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { Button, Group, Select } from '@mantine/core';
import { DateField } from '../date-field.tsx';
import { useTranslation } from 'react-i18next';
import type { DepartmentOption } from '@zorgportaal/contract';
import { addDays, isIsoDay, todayInAmsterdam } from '../../lib/administration/dates.ts';

interface DepartmentDayPickerProps {
  departments: readonly DepartmentOption[];
  departmentId: number | null;
  date: string;
  onDepartmentChange: (id: number) => void;
  onDateChange: (date: string) => void;
}

/** Department and day, with large previous / today / next buttons for a touch screen. */
export function DepartmentDayPicker(props: DepartmentDayPickerProps) {
  const { t } = useTranslation();
  const manyEntities = new Set(props.departments.map((department) => department.EntityId)).size > 1;
  const options = props.departments.map((department) => ({
    value: String(department.Id),
    label: manyEntities ? `${department.Name} (${department.EntityName})` : department.Name,
  }));
  const today = todayInAmsterdam();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-no-print>
      <Select
        label={t('administration.department', 'Afdeling')}
        data={options}
        value={props.departmentId === null ? null : String(props.departmentId)}
        onChange={(value) => value && props.onDepartmentChange(Number(value))}
        allowDeselect={false}
        size="md"
        miw={240}
        comboboxProps={{ withinPortal: true }}
        data-testid="department-select"
      />
      <DateField
        label={t('administration.day', 'Dag')}
        value={props.date}
        onChange={(value) => isIsoDay(value) && props.onDateChange(value)}
        required
        size="md"
        data-testid="date-input"
      />
      <Group gap="xs">
        <Button
          size="md"
          variant="default"
          onClick={() => props.onDateChange(addDays(props.date, -1))}
          data-testid="previous-day"
        >
          {t('administration.previousDay', 'Vorige dag')}
        </Button>
        <Button
          size="md"
          variant="default"
          disabled={props.date === today}
          onClick={() => props.onDateChange(today)}
          data-testid="today-button"
        >
          {t('administration.today', 'Vandaag')}
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={() => props.onDateChange(addDays(props.date, 1))}
          data-testid="next-day"
        >
          {t('administration.nextDay', 'Volgende dag')}
        </Button>
      </Group>
    </Group>
  );
}
