import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ipAllowEntrySchema, PRODUCT_ID } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

const ipAllowListSchema = z.array(ipAllowEntrySchema);

/** GET /api/account/ips/{productId}: the caller's allow-list entries for this product. */
export const getIpAllowList = () => api.get(`/api/account/ips/${PRODUCT_ID}`, { schema: ipAllowListSchema });

export const ipAllowListQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.ipAllowList(PRODUCT_ID), queryFn: getIpAllowList });

export const useIpAllowList = () => useQuery(ipAllowListQueryOptions());
