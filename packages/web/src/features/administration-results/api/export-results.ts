import { useMutation } from '@tanstack/react-query';
import type { ResultsFilter } from '../../../lib/administration/results-filter.ts';
import { api } from '../../../lib/api-client.ts';
import { downloadText } from '../../../lib/download.ts';

/**
 * GET /api/administration/results/export: the CSV (logged by the server as an export). Fetched with
 * the API client (token, renewal), then offered as a file: a plain link would not carry the token.
 */
export const exportResults = async (query: ResultsFilter) => {
  const csv = await api.get<string>('/api/administration/results/export', { query: { ...query } });
  downloadText(
    csv ?? '',
    `toedienregistratie-${query.from ?? ''}-${query.to ?? ''}.csv`,
    'text/csv;charset=utf-8',
  );
};

export const useExportResults = () => useMutation({ mutationFn: exportResults });
