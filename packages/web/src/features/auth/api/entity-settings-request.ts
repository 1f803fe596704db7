import type { EntitySettings } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

/** GET /api/management/settings: the caller's own organisation (spec §7); its fields give the entity type. */
export const getEntitySettings = () => api.get<EntitySettings>('/api/management/settings');
