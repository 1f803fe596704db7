import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderPageSchema,
  orderSchema,
  type OrderCreateBodyInput,
  type OrderListQueryInput,
  type OrderStatusUpdateInput,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from './query-keys.ts';

/** The pharmacy's action list or the care centre's own orders. */
export type OrderSide = 'pharmacy' | 'carecentre';

const LIST_PATH: Record<OrderSide, string> = {
  pharmacy: '/api/medication/pharmacy/orders',
  carecentre: '/api/medication/healthcare_provider/orders',
};
const CARE = '/api/medication/healthcare_provider/order';

/** How often an open orders screen asks for news; an unchanged list costs a 304 (ETag). */
export const ORDERS_REFRESH_MS = 15_000;

export const getOrders = (side: OrderSide, query: OrderListQueryInput, signal?: AbortSignal) =>
  api.get(LIST_PATH[side], { schema: orderPageSchema, query: { ...query }, signal });

/** New and decided orders appear without a reload: polled, revalidated by ETag. */
export const useOrders = (side: OrderSide, query: OrderListQueryInput) =>
  useQuery({
    queryKey: ordersKeys.list(side, query),
    queryFn: ({ signal }) => getOrders(side, query, signal),
    refetchInterval: ORDERS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

function useOrderMutation<V>(fn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/** POST /api/medication/pharmacy/order/ (spec §7): the pharmacy's decision. */
export const useDecideOrder = () =>
  useOrderMutation((body: OrderStatusUpdateInput) =>
    api.post('/api/medication/pharmacy/order/', body, { schema: orderSchema }),
  );

export const useCreateOrder = () =>
  useOrderMutation((body: OrderCreateBodyInput) => api.post(CARE, body, { schema: orderSchema }));

export const useCancelOrder = () =>
  useOrderMutation((id: number) => api.post(`${CARE}/${id}/cancel`, {}, { schema: orderSchema }));

export const useSendOrder = () =>
  useOrderMutation((id: number) => api.post(`${CARE}/${id}/send`, undefined, { schema: orderSchema }));
