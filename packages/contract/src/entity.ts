import { z } from 'zod';
import { DEFAULT_ENTITY_TYPE, type EntityType } from './constants.ts';

/** Entity settings (GET /api/management/settings). The spec names PharmacyIdentifier and CareCenter. */
export const entitySettingsSchema = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    PharmacyIdentifier: z.string().nullable().optional(),
    CareCenter: z.boolean().nullable().optional(),
  })
  .passthrough();
export type EntitySettings = z.infer<typeof entitySettingsSchema>;

/** Spec §1: the entity type is derived at login from the settings; default customer. */
export function deriveEntityType(settings: Partial<EntitySettings> | null | undefined): EntityType {
  if (settings?.PharmacyIdentifier) return 'pharmacy';
  if (settings?.CareCenter) return 'carecenter';
  return DEFAULT_ENTITY_TYPE;
}
