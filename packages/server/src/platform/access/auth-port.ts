import type { Permission } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';

/**
 * The port through which the platform, and the areas below the auth area (persons, accounts), reach what
 * the auth area keeps: its sessions and tokens, and its password links. The platform imports no area, so
 * the auth area registers the implementation when the app registers it (`registerAuthPort`); the platform
 * and lower areas call the functions below. One implementation each, in `areas/auth/`.
 */
export interface AuthPort {
  /** Everything the access hook needs about an access token (by its SHA-256), in one query. */
  lookupCaller(db: Db, tokenHash: string): Promise<CallerRow | undefined>;
  /** The callers of at most `limit` live access tokens (by their SHA-256), the sessions seen last first. */
  liveCallers(db: Db, limit: number): Promise<{ tokenHash: string; caller: CallerRow }[]>;
  /** A session with its account, whether the account holds `permission`, and its IP allow-list. */
  lookupSession(db: Db, sessionId: string, permission: Permission): Promise<SessionCheckRow | undefined>;
  /** Records that the session was seen (the idle limit counts from here). */
  touchSession(db: Db, sessionId: string): Promise<void>;
  /** Ends every live session of the account at once, on every instance's next lookup; how many. */
  revokeAccountSessions(db: Db | Tx, accountId: number, reason: string): Promise<number>;
  /** Mails the account's first address a single-use link to choose a password; whether it was handed over. */
  sendSetPasswordMail(
    app: FastifyInstance,
    request: FastifyRequest,
    account: PasswordMailAccount,
  ): Promise<boolean>;
}

/** Whom a set-password mail goes to. */
export interface PasswordMailAccount {
  id: number;
  username: string;
  emailAddresses: readonly string[];
}

/** What the login checks need of an account (`accountCanLogIn`). */
export interface AccountAccess {
  active: boolean;
  deleted: boolean;
  activeFrom: Date | null;
  activeUntil: Date | null;
}

/** What the idle and absolute limits need of a session (`sessionIsLive`). */
export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
}

/** An access token's caller: token, session, account, entity type, roles and the account's allow-list. */
export interface CallerRow {
  tokenExpiresAt: Date;
  session: SessionTimes & { id: string };
  account: AccountAccess & { id: number; entityId: number; personId: number | null; username: string };
  entityType: string;
  roles: { name: string; permissions: string[] }[];
  allowList: string[];
}

/** A long-lived connection's session, for `sessionStillAllows`. */
export interface SessionCheckRow {
  session: SessionTimes;
  account: AccountAccess & { id: number };
  permitted: boolean;
  allowList: string[];
}

let registered: AuthPort | null = null;

/** Called by the auth area's plugin; registering again (another app in the same process) replaces it. */
export function registerAuthPort(port: AuthPort): void {
  registered = port;
}

/** The registered implementation; without the auth area there are no sessions to check. */
export function authPort(): AuthPort {
  if (!registered)
    throw new Error('No auth area registered: platform/access/auth-port.ts has no implementation');
  return registered;
}

/**
 * Ends every live session of the account (deactivation, force logout, a person moved to the trash can).
 * Call `app.callerCache.forgetAccount` after the change is committed.
 */
export const revokeAccountSessions = (db: Db | Tx, accountId: number, reason: string): Promise<number> =>
  authPort().revokeAccountSessions(db, accountId, reason);

/**
 * Mails a new account (or one whose user asks again) the link to choose its password: the forgotten-password
 * mechanism, so an administrator never sets or sees a password.
 */
export const sendSetPasswordMail = (
  app: FastifyInstance,
  request: FastifyRequest,
  account: PasswordMailAccount,
): Promise<boolean> => authPort().sendSetPasswordMail(app, request, account);
