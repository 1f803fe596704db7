import {
  DEFAULT_ENTITY_TYPE,
  ENTITY_TYPES,
  routePermitted,
  SESSION_KEYS,
  type Account,
  type EntityType,
  type ProtectedRoute,
} from '@zorgportaal/contract';
import type { TokenResponse } from '@zorgportaal/contract';

/**
 * The client session (spec §4) lives in session storage: it ends with the tab,
 * and "logged in" means an access token is held there.
 */
const storage = () => window.sessionStorage;

export type StoredAccount = Pick<Account, 'Id' | 'Username' | 'Permissions'> & Partial<Account>;

export const getAccessToken = (): string | null => storage().getItem(SESSION_KEYS.accessToken);
export const getRefreshToken = (): string | null => storage().getItem(SESSION_KEYS.refreshToken);
export const isLoggedIn = (): boolean => Boolean(getAccessToken());

export function getExpiresAt(): number | null {
  const raw = storage().getItem(SESSION_KEYS.expiresAt);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** True when the stored expiry moment has passed (a missing expiry counts as not expired). */
export function isAccessTokenExpired(now = Date.now()): boolean {
  const expiresAt = getExpiresAt();
  return expiresAt !== null && now >= expiresAt;
}

/** Stores a token response; expires_at is now + expires_in seconds, in epoch ms. */
export function storeTokens(
  tokens: Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in'> & Partial<TokenResponse>,
): void {
  storage().setItem(SESSION_KEYS.accessToken, tokens.access_token);
  storage().setItem(SESSION_KEYS.refreshToken, tokens.refresh_token);
  storage().setItem(SESSION_KEYS.expiresAt, String(Date.now() + tokens.expires_in * 1000));
  if (tokens.Account) {
    // The response's top-level Permissions are authoritative for this session.
    const account = { ...tokens.Account, Permissions: tokens.Permissions ?? tokens.Account.Permissions };
    storage().setItem(SESSION_KEYS.account, JSON.stringify(account));
  }
}

export function getAccount(): StoredAccount | null {
  const raw = storage().getItem(SESSION_KEYS.account);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredAccount;
  } catch {
    return null;
  }
}

export function getPermissions(): string[] {
  return (getAccount()?.Permissions ?? []).map((permission) => permission.name);
}

export const hasPermission = (permission: string | null): boolean =>
  permission === null || getPermissions().includes(permission);

/** Whether the signed-in user may open the screen (the contract's one rule: permissions and entity type). */
export const mayOpen = (route: Pick<ProtectedRoute, 'permission' | 'entityTypes'>): boolean =>
  routePermitted(route, getPermissions(), getEntityType());

export function getEntityType(): EntityType {
  const value = storage().getItem(SESSION_KEYS.entityType);
  return (ENTITY_TYPES as readonly string[]).includes(value ?? '')
    ? (value as EntityType)
    : DEFAULT_ENTITY_TYPE;
}

export const setEntityType = (entityType: EntityType): void =>
  storage().setItem(SESSION_KEYS.entityType, entityType);

/** Logout and failed logins clear ALL of session storage (spec §4, §8). */
export const clearSession = (): void => storage().clear();
