import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import type { QueryParams } from '../../../lib/http.ts';

const BOM = '\uFEFF';

/**
 * GET /api/log/export: the filtered log as CSV, fetched through the API client (bearer token,
 * renewal) and handed to the browser as a file. fetch decodes the UTF-8 BOM away; it is put back
 * so a spreadsheet reads names with ë and é correctly.
 */
export async function exportLog(query: QueryParams): Promise<Blob> {
  const text = (await request<string | undefined>('/api/log/export', { method: 'GET', query })) ?? '';
  return new Blob([text.startsWith(BOM) ? text : BOM + text], { type: 'text/csv;charset=utf-8' });
}

export const useExportLog = () => useMutation({ mutationFn: exportLog });
