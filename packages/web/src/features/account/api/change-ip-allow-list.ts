import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_ID } from '@zorgportaal/contract';
import { api, request } from '../../../lib/api-client.ts';
import { ipAllowListQueryOptions } from './get-ip-allow-list.ts';

export interface NewIpAllowEntry {
  Ip: string;
  Description: string | null;
}

/** The step-up fields every change of the list carries (current password, code with 2FA). */
export interface StepUpBody {
  current_password: string;
  totp?: string;
}

/** POST /api/account/ips: one address or CIDR range for this product. A 401 is a wrong current password. */
export const addIpAllowEntry = (entry: NewIpAllowEntry & StepUpBody) =>
  api.post<unknown>('/api/account/ips', { ...entry, ProductId: PRODUCT_ID }, { retryUnauthorized: false });

/** DELETE /api/account/ips/{id} with the step-up fields as its body. */
export const deleteIpAllowEntry = ({ id, ...stepUp }: { id: number } & StepUpBody) =>
  request<unknown>(`/api/account/ips/${id}`, { method: 'DELETE', json: stepUp, retryUnauthorized: false });

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
