import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  integrationListSchema,
  integrationReportDetailSchema,
  integrationReportListSchema,
  integrationSchema,
  type IntegrationBodyInput,
  type IntegrationStatuses,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { departmentsQueryOptions } from '../../../lib/administration/get-departments.ts';
import { settingsKeys } from './query-keys.ts';

const BASE = '/api/management/settings';

/** GET /api/management/settings/integrations: the own organisation's Koppelingen. */
export const useIntegrations = () =>
  useQuery({
    queryKey: settingsKeys.integrationList(),
    queryFn: ({ signal }) => api.get(`${BASE}/integrations`, { schema: integrationListSchema, signal }),
  });

/** The own departments, for the ward code mapping. */
export const useMappingDepartments = (entityName: string | undefined) =>
  useQuery({
    ...departmentsQueryOptions(),
    select: (list) => list.Rows.filter((d) => entityName === undefined || d.EntityName === entityName),
  });

function useInvalidating<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.integrations() }),
  });
}

/** POST /integration/0 for a new one (spec §7 posts to the id path), PUT /integration/{id} for a change. */
export const useSaveIntegration = () =>
  useInvalidating(({ id, body }: { id: number | null; body: IntegrationBodyInput }) =>
    id === null
      ? api.post(`${BASE}/integration/0`, body, { schema: integrationSchema })
      : api.put(`${BASE}/integration/${id}`, body, { schema: integrationSchema }),
  );

export const useDeleteIntegration = () =>
  useInvalidating((id: number) => api.delete(`${BASE}/integration/${id}`));

/** POST /integrationstatuses: several on or off at once. */
export const useSetIntegrationStatuses = () =>
  useInvalidating((body: IntegrationStatuses) =>
    api.post(`${BASE}/integrationstatuses`, body, { schema: integrationListSchema }),
  );

/** POST /integration/{id}/run: runs one runnable integration (an MP9 pull) now, answers its report. */
export const useRunIntegration = () =>
  useInvalidating((id: number) =>
    api.post(`${BASE}/integration/${id}/run`, undefined, { schema: integrationReportDetailSchema }),
  );

/** GET /api/mijncaress/sync: runs the active MijnCaress link, answers its report. */
export const useRunSync = () =>
  useInvalidating(() => api.get('/api/mijncaress/sync', { schema: integrationReportDetailSchema }));

export const useIntegrationReports = (id: number | null) =>
  useQuery({
    queryKey: settingsKeys.reports(id),
    queryFn: ({ signal }) =>
      api.get(`${BASE}/integration/${id}/reports`, { schema: integrationReportListSchema, signal }),
    enabled: id !== null,
  });

export const useIntegrationReport = (id: number | null) =>
  useQuery({
    queryKey: settingsKeys.report(id),
    queryFn: ({ signal }) =>
      api.get(`${BASE}/integration/report/${id}`, { schema: integrationReportDetailSchema, signal }),
    enabled: id !== null,
  });
