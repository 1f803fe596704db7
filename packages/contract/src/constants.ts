/** Business constants from the spec (§1, §4, §9) and security.md. */
export const CLIENT_ID = 1;
export const PRODUCT_ID = 1;
/** The spec sends product id 0 on a refresh-token grant. */
export const REFRESH_PRODUCT_ID = 0;
export const CLIENT_VERSION = '0.39.3';

export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';

export const INACTIVITY_LOGOUT_MS = 15 * 60 * 1000;
/** The warning before an inactivity logout comes this long before it. */
export const INACTIVITY_WARNING_MS = 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 900;
/** Server-side limits on a session (security.md): absolute 12 h, idle 30 min. */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
export const SESSION_IDLE_SECONDS = 30 * 60;

export const TOAST = {
  title: 'Notificatie',
  displayMs: 5000,
  hoverExtensionMs: 1000,
  showAnimationMs: 300,
  hideAnimationMs: 500,
  position: 'top-right',
} as const;

export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

/** Spec §3 date display formats (dayjs tokens). */
export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export const ENTITY_TYPES = ['pharmacy', 'carecenter', 'customer'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const DEFAULT_ENTITY_TYPE: EntityType = 'customer';

/** Session storage keys of the web client (spec §4). */
export const SESSION_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiresAt: 'expires_at',
  account: 'account',
  entityType: 'entity_type',
} as const;

/** The placeholder sent instead of a password (spec §3: "Password (masked placeholder by default)"). */
export const MASKED_PASSWORD = '********';

/** Status colours (spec §3). */
export const STATUS_COLORS = {
  approved: '#10c469',
  declined: '#ff5b5b',
  in_progress: '#00a1e1',
  expired: '#dee2e6',
  canceled: '#f9c851',
  unknown: 'black',
  administration_failed: 'red',
  administration_success: 'green',
  waiting_for_file: 'blue',
  laid_out: '#00ff7e',
  handed_over: '#006331',
} as const;
