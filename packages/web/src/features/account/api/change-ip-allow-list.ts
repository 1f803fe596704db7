import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_ID } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { ipAllowListQueryOptions } from './get-ip-allow-list.ts';

export interface NewIpAllowEntry {
  Ip: string;
  Description: string | null;
}

/** POST /api/account/ips: one address or CIDR range for this product. */
export const addIpAllowEntry = (entry: NewIpAllowEntry) =>
  api.post<unknown>('/api/account/ips', { ...entry, ProductId: PRODUCT_ID });

/** DELETE /api/account/ips/{id}. */
export const deleteIpAllowEntry = (id: number) => api.delete<unknown>(`/api/account/ips/${id}`);

export function useAddIpAllowEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIpAllowEntry,
    onSettled: () => queryClient.invalidateQueries(ipAllowListQueryOptions()),
  });
}

export function useDeleteIpAllowEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIpAllowEntry,
    onSettled: () => queryClient.invalidateQueries(ipAllowListQueryOptions()),
  });
}
