import type { OrderListQueryInput } from '@zorgportaal/contract';

/** The orders feature's query keys: the only place they are spelled. */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (side: string, query: OrderListQueryInput) => [...ordersKeys.all, side, query] as const,
};
