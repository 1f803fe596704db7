import {
  isPermission,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  type EntityType,
} from '@zorgportaal/contract';
import type { Db } from '../db/client.ts';
import type { Events } from '../events.ts';
import { authPort, type CallerRow } from './auth-port.ts';
import { findEntity, toEntitySettings } from '../entities.ts';
import { sha256Hex } from '../crypto.ts';
import type { Caller } from './caller.ts';
import { accountCanLogIn } from './account-checks.ts';
import {
  SYSTEM_CLIENT_PERMISSIONS,
  SYSTEM_TOKEN_PREFIX,
  systemClientPort,
  type SystemCallerRow,
} from './system-client-port.ts';

/** The channel of every change that ends or narrows a session, changes entity settings or network links. */
export const AUTH_CHANNEL = 'zp_auth';
/** Writing last_seen_at on every request would double the cost of each call; once a minute is enough for a 30-minute idle limit. */
export const TOUCH_INTERVAL_MS = 60_000;
/** Bounds the memory: the oldest entries go first (they reload with one query when used again). */
const MAX_ENTRIES = 50_000;
/** Bounds the per-organisation memos (scopes, department lists): a few per organisation. */
const MAX_MEMOS = 10_000;

interface Entry {
  caller: Caller;
  allowList: string[];
  tokenExpiresAt: number;
  sessionCreatedAt: number;
  /** last_seen_at as the database has it (read at load or written by our own touch). */
  seenAt: number;
  activeFrom: number | null;
  activeUntil: number | null;
  /** A system client's token: no session, no idle or absolute limit beyond the token's own expiry. */
  system: boolean;
}

export interface ResolvedCaller {
  caller: Caller;
  allowList: readonly string[];
  /** Set when the session's last_seen_at is due: the hook writes it after the response. */
  touchSessionId: string | null;
}

type Settings = ReturnType<typeof toEntitySettings>;

/**
 * The resolved callers of this instance, keyed by the SHA-256 of the access token, for the token's
 * remaining lifetime. A miss costs one query. Every change that ends or narrows a session publishes an
 * event (`forgetSession`, `forgetAccount`, `forgetEntity`); each instance drops the matching entries
 * as soon as it receives it, so no instance serves a revoked token from memory. A load that was running
 * while an event came in is used for its request but not kept. Events can be lost while the LISTEN
 * connection is down: meanwhile every request reads the database, and each (re)connection clears the
 * whole cache ("reconnect means assume everything changed").
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly settings = new Map<number, Settings>();
  /** Per organisation: its scope by roles, its visible departments (`entityMemo`). */
  private readonly memos = new Map<string, unknown>();
  /**
   * The loads running now, by generation and key: the concurrent first requests of one token (a ward's
   * tablets as a round starts, or after an instance restart) or organisation share one query instead of
   * each sending its own. A request after an event starts its own load (the key holds the generation).
   */
  private readonly loading = new Map<string, Promise<unknown>>();
  private generation = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeReconnect: () => void;

  constructor(
    private readonly db: Db,
    private readonly events: Events,
  ) {
    this.unsubscribe = events.subscribe(AUTH_CHANNEL, (payload) => this.apply(payload));
    this.unsubscribeReconnect = events.onReconnect(() => this.clear());
  }

  /** Forgets everything (a revocation may have been missed); loads running now are not kept. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.settings.clear();
    this.memos.clear();
  }

  async resolve(token: string, now = Date.now()): Promise<ResolvedCaller | null> {
    const hash = sha256Hex(token);
    // Without event delivery a cached entry may be revoked already: read the database every time.
    if (!this.events.delivering) this.clear();
    const cached = this.entries.get(hash);
    if (cached && isUsable(cached, now)) return this.answer(cached, now);
    // Expired here may still be live in the database (another instance saw the session more recently).
    if (cached) this.entries.delete(hash);

    const generation = this.generation;
    const entry = await this.shared(`caller|${hash}`, () =>
      token.startsWith(SYSTEM_TOKEN_PREFIX) ? this.loadSystem(hash) : this.loadUser(hash),
    );
    if (!entry || !isUsable(entry, now)) return null;
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(hash, entry);
    }
    return this.answer(entry, now);
  }

  private async loadUser(hash: string): Promise<Entry | null> {
    const row = await authPort().lookupCaller(this.db, hash);
    return row ? toEntry(row) : null;
  }

  /**
   * Keeps the callers of the live sessions (at most half the cache, the sessions seen last first), as their first
   * requests would: for a start, so that the tablets of a round that is under way, which all meet a new instance
   * within one poll interval, find their callers kept. A revocation while it loads is applied as for any load.
   * Returns how many were kept.
   */
  async keepLiveCallers(limit = MAX_ENTRIES / 2): Promise<number> {
    if (!this.events.delivering) return 0;
    const generation = this.generation;
    const rows = await authPort().liveCallers(this.db, limit);
    if (generation !== this.generation) return 0;
    const now = Date.now();
    let kept = 0;
    for (const { tokenHash, caller } of rows) {
      const entry = toEntry(caller);
      if (!entry || !isUsable(entry, now) || this.entries.has(tokenHash)) continue;
      if (this.entries.size >= MAX_ENTRIES) break;
      this.entries.set(tokenHash, entry);
      kept++;
    }
    return kept;
  }

  /** A system client's token (one query); without the system-clients area there are none. */
  private async loadSystem(hash: string): Promise<Entry | null> {
    const row = await systemClientPort()?.lookupSystemCaller(this.db, hash);
    return row ? toSystemEntry(row) : null;
  }

  /** The caller's entity settings (GET /api/management/settings), from memory after the first read. */
  async entitySettings(entityId: number): Promise<Settings | null> {
    if (!this.events.delivering) this.clear();
    const cached = this.settings.get(entityId);
    if (cached) return cached;
    const generation = this.generation;
    const entity = await this.shared(`settings|${entityId}`, () => findEntity(this.db, entityId));
    if (!entity) return null;
    const value = toEntitySettings(entity);
    if (generation === this.generation) this.settings.set(entityId, value);
    return value;
  }

  /**
   * What an organisation reaches, kept until a network link or an organisation changes (`forgetNetwork`,
   * `forgetEntity`: any such event drops every memo on every instance, as a reconnect does). For the
   * caller's scope (platform/scope.ts) and visible departments, read on every client-data request. `name`
   * names what is kept (e.g. `scope:gp,supplies`); `load` reads it on a miss.
   */
  async entityMemo<T>(entityId: number, name: string, load: () => Promise<T>): Promise<T> {
    if (!this.events.delivering) this.clear();
    const key = `${entityId}|${name}`;
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const generation = this.generation;
    const value = await this.shared(`memo|${key}`, load);
    if (generation === this.generation) {
      if (this.memos.size >= MAX_MEMOS) this.memos.delete(this.memos.keys().next().value!);
      this.memos.set(key, value);
    }
    return value;
  }

  /** `load`, or the same load when one of this generation is running for `key`. */
  private shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const slot = `${this.generation}|${key}`;
    const running = this.loading.get(slot);
    if (running) return running as Promise<T>;
    const started = load().finally(() => this.loading.delete(slot));
    this.loading.set(slot, started);
    return started;
  }

  /** After the change is committed: logout, refresh-token reuse. */
  forgetSession(sessionId: string): Promise<void> {
    return this.events.publish(AUTH_CHANNEL, `s:${sessionId}`);
  }

  /** After the change is committed: anything about the account, its roles, sessions or allow-list. */
  forgetAccount(accountId: number): Promise<void> {
    return this.events.publish(AUTH_CHANNEL, `a:${accountId}`);
  }

  /** After the change is committed: a system client was revoked (its tokens stop on every instance). */
  forgetSystemClient(clientId: number): Promise<void> {
    return this.events.publish(AUTH_CHANNEL, `c:${clientId}`);
  }

  /** After the change is committed: entity settings, a role's permissions (every account of the entity). */
  forgetEntity(entityId: number): Promise<void> {
    return this.events.publish(AUTH_CHANNEL, `e:${entityId}`);
  }

  /**
   * After the change is committed: a network link of the organisation was made, (de)activated or removed
   * (or a department added), so scopes and department lists are read again on every instance.
   */
  forgetNetwork(entityId: number): Promise<void> {
    return this.events.publish(AUTH_CHANNEL, `n:${entityId}`);
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeReconnect();
    this.entries.clear();
    this.settings.clear();
    this.memos.clear();
  }

  private answer(entry: Entry, now: number): ResolvedCaller {
    let touchSessionId: string | null = null;
    if (!entry.system && now - entry.seenAt > TOUCH_INTERVAL_MS) {
      entry.seenAt = now;
      touchSessionId = entry.caller.sessionId;
    }
    return { caller: entry.caller, allowList: entry.allowList, touchSessionId };
  }

  private apply(payload: string): void {
    this.generation++;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    // Scopes and department lists name other organisations too: any link or organisation change drops them all.
    if (kind === 'n:' || kind === 'e:') this.memos.clear();
    if (kind === 'n:') return;
    const matches: (entry: Entry) => boolean =
      kind === 's:'
        ? (e) => e.caller.sessionId === id
        : kind === 'a:'
          ? (e) => !e.system && String(e.caller.accountId) === id
          : kind === 'c:'
            ? (e) => String(e.caller.system?.clientId) === id
            : (e) => String(e.caller.entityId) === id;
    if (kind === 'e:') this.settings.delete(Number(id));
    for (const [hash, entry] of this.entries) if (matches(entry)) this.entries.delete(hash);
  }
}

function isUsable(entry: Entry, now: number): boolean {
  if (now >= entry.tokenExpiresAt) return false;
  if (entry.system) return true;
  if (now - entry.sessionCreatedAt > SESSION_ABSOLUTE_SECONDS * 1000) return false;
  if (now - entry.seenAt > SESSION_IDLE_SECONDS * 1000) return false;
  if (entry.activeFrom !== null && entry.activeFrom > now) return false;
  return entry.activeUntil === null || entry.activeUntil >= now;
}

function toEntry(row: CallerRow): Entry | null {
  const { session, account } = row;
  if (session.revokedAt) return null;
  if (!accountCanLogIn(account)) return null;
  const permissions = new Set(row.roles.flatMap((r) => r.permissions).filter(isPermission));
  return {
    caller: {
      accountId: account.id,
      personId: account.personId,
      entityId: account.entityId,
      entityType: row.entityType as EntityType,
      username: account.username,
      permissions,
      roles: row.roles.map((r) => r.name),
      sessionId: session.id,
    },
    allowList: row.allowList,
    tokenExpiresAt: row.tokenExpiresAt.getTime(),
    sessionCreatedAt: session.createdAt.getTime(),
    seenAt: session.lastSeenAt.getTime(),
    activeFrom: account.activeFrom?.getTime() ?? null,
    activeUntil: account.activeUntil?.getTime() ?? null,
    system: false,
  };
}

/** A system client's caller: its organisation, the read permissions, its scopes; no account, no session. */
function toSystemEntry(row: SystemCallerRow): Entry {
  const expiresAt = row.tokenExpiresAt.getTime();
  return {
    caller: {
      accountId: 0,
      personId: null,
      entityId: row.entityId,
      entityType: row.entityType as EntityType,
      username: row.name,
      permissions: SYSTEM_CLIENT_PERMISSIONS,
      roles: [],
      sessionId: `system-client:${row.clientId}`,
      system: { clientId: row.clientId, name: row.name, scopes: new Set(row.scopes) },
    },
    allowList: [],
    tokenExpiresAt: expiresAt,
    sessionCreatedAt: expiresAt,
    seenAt: expiresAt,
    activeFrom: null,
    activeUntil: null,
    system: true,
  };
}
