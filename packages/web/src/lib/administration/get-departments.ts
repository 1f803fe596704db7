import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentListSchema } from '@zorgportaal/contract';
import { api } from '../api-client.ts';
import { administrationKeys } from '../query-keys.ts';

/** GET /api/medication/departments: the departments the caller may choose; the first is their own. */
export const getDepartments = () => api.get('/api/medication/departments', { schema: departmentListSchema });

export const departmentsQueryOptions = () =>
  queryOptions({ queryKey: administrationKeys.departments(), queryFn: getDepartments, staleTime: 300_000 });

export const useDepartments = () => useQuery(departmentsQueryOptions());
