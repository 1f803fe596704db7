import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { flowchartSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { flowchartKeys } from './query-keys.ts';

export interface FlowchartParams {
  departmentId: number;
  date: string;
}

/** GET /api/medication/flowchart: live counts per process step for one department. */
export const getFlowchart = (params: FlowchartParams) =>
  api.get('/api/medication/flowchart', { schema: flowchartSchema, query: { ...params } });

export const flowchartQueryOptions = (params: FlowchartParams) =>
  queryOptions({ queryKey: flowchartKeys.flowchart(params), queryFn: () => getFlowchart(params) });

export const useFlowchart = (params: FlowchartParams | null) =>
  useQuery({
    ...flowchartQueryOptions(params ?? { departmentId: 0, date: '' }),
    enabled: params !== null,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
