import { DEFAULT_ENTITY_TYPE, type EntityType } from './constants.ts';
import type { EntitySettings } from './entity.ts';

// Apart from entity.ts: /login needs this function, and a bundle keeps a shared module whole, so with the
// settings schemas next to it the login page would carry zod.

/** Spec §1: the entity type is derived at login from the settings; default customer. */
export function deriveEntityType(settings: Partial<EntitySettings> | null | undefined): EntityType {
  if (settings?.PharmacyIdentifier) return 'pharmacy';
  if (settings?.CareCenter) return 'carecenter';
  return DEFAULT_ENTITY_TYPE;
}
