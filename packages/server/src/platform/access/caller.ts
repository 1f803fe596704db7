import type { EntityType } from '@zorgportaal/contract';

/** A system client (OAuth2 client credentials, docs/fhir.md): an organisation's system, no user. */
export interface SystemCaller {
  /** The system client's row id. */
  clientId: number;
  name: string;
  /** The SMART scopes the token was granted (`system/<Type>.rs`). */
  scopes: ReadonlySet<string>;
}

/** Who is calling: set by the access hook on every authenticated /api request (`callerOf(request)`). */
export interface Caller {
  /** 0 for a system client: it has no account, and the access hook lets it reach only /fhir/R4. */
  accountId: number;
  personId: number | null;
  entityId: number;
  entityType: EntityType;
  username: string;
  permissions: ReadonlySet<string>;
  roles: string[];
  sessionId: string;
  /** Set only for a system client's token (never on a user's). */
  system?: SystemCaller;
}
