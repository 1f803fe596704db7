import { useSearchParams } from 'react-router';
import type { DepartmentOption } from '@zorgportaal/contract';
import { isIsoDay, todayInAmsterdam } from '../dates.ts';

export interface DepartmentDay {
  departmentId: number | null;
  date: string;
  setDepartmentId: (id: number) => void;
  setDate: (day: string) => void;
}

/**
 * Department and day of a screen, kept in the URL (?department=&date=) so a list can be
 * bookmarked, reloaded and printed as shown. Defaults: the first department returned, today.
 */
export function useDepartmentDay(departments: readonly DepartmentOption[] | undefined): DepartmentDay {
  const [params, setParams] = useSearchParams();
  const rawDate = params.get('date');
  const date = isIsoDay(rawDate) ? rawDate : todayInAmsterdam();
  const requested = Number(params.get('department'));
  const departmentId =
    departments?.find((department) => department.Id === requested)?.Id ?? departments?.[0]?.Id ?? null;

  const update = (next: { departmentId?: number; date?: string }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        if (next.departmentId !== undefined) merged.set('department', String(next.departmentId));
        if (next.date !== undefined) merged.set('date', next.date);
        return merged;
      },
      { replace: true },
    );

  return {
    departmentId,
    date,
    setDepartmentId: (id: number) => update({ departmentId: id }),
    setDate: (day: string) => update({ date: day }),
  };
}
