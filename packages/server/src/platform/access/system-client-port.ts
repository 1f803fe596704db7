import type { Permission } from '@zorgportaal/contract';
import type { Db } from '../db/client.ts';

/**
 * The port through which the access hook resolves a system client's access token (OAuth2 client
 * credentials). The tokens and clients are the system-clients area's; it registers the lookup when the
 * app registers it, so the platform imports no area (as `auth-port.ts`).
 */
export interface SystemClientPort {
  /** A live token (not expired) of a client that is not revoked, by the token's SHA-256; else undefined. */
  lookupSystemCaller(db: Db, tokenHash: string): Promise<SystemCallerRow | undefined>;
}

export interface SystemCallerRow {
  tokenExpiresAt: Date;
  clientId: number;
  name: string;
  entityId: number;
  entityType: string;
  scopes: string[];
}

/** A system client's access token starts with this, so the hook asks the right table with one query. */
export const SYSTEM_TOKEN_PREFIX = 'zpst_';

/** The only routes a system client's token is accepted on: the FHIR endpoint (never the JSON API). */
export const SYSTEM_CLIENT_ROUTE_PREFIX = '/fhir/R4/';
/** The endpoint's base itself: `POST /fhir/R4` takes a transaction Bundle. */
const SYSTEM_CLIENT_BASE = '/fhir/R4';

export const isSystemClientRoute = (url: string | undefined): boolean =>
  url !== undefined && (url === SYSTEM_CLIENT_BASE || url.startsWith(SYSTEM_CLIENT_ROUTE_PREFIX));

/**
 * What a system client may read: what a user of its organisation with the read permissions of the FHIR
 * types would see. Its scopes then narrow the types (the FHIR area checks them); the organisation's network
 * links decide the tenant scope, exactly as for its users.
 */
export const SYSTEM_CLIENT_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>([
  'medication.read',
  'administration.read',
  'trombosis.read',
]);

let registered: SystemClientPort | null = null;

/** Called by the system-clients area's plugin; registering again (another app in the process) replaces it. */
export function registerSystemClientPort(port: SystemClientPort): void {
  registered = port;
}

/** The registered implementation, or null: without the area no system token is valid. */
export const systemClientPort = (): SystemClientPort | null => registered;
