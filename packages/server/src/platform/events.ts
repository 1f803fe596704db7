import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Receives the payload of a published event (already delivered in this process or from another instance). */
export type EventHandler = (payload: string) => void;

/**
 * Publish/subscribe by channel between every instance of the portal. Subscribers in this process get an
 * event at once, during `publish`; other instances get it through PostgreSQL LISTEN/NOTIFY. On PGlite
 * there is only one process, so delivery stays in-process. Used by the caller cache (revocations) and by
 * later areas for live updates. Publish after the change is committed: a subscriber reloading at once
 * must see it.
 */
export interface Events {
  publish(channel: string, payload: string): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(channel: string, handler: EventHandler): () => void;
  /**
   * Called each time delivery from other instances (re)starts: events published while it was down are
   * lost, so a subscriber that keeps state derived from events must assume everything changed.
   * Returns the function that unsubscribes.
   */
  onReconnect(handler: () => void): () => void;
  /** False while events of other instances cannot arrive (the LISTEN connection is down). */
  readonly delivering: boolean;
  /**
   * Resolves once events of other instances on `channel` (subscribed already) can arrive: its LISTEN is in
   * effect, or the connection failed and `onReconnect` will announce the new one. At once in one process.
   */
  listening(channel: string): Promise<void>;
  /** The `application_name` of the LISTEN connection in `pg_stat_activity`; null without one. */
  readonly listenerName: string | null;
  close(): Promise<void>;
}

/** NOTIFY payloads are limited to 8000 bytes; events carry ids, never data. */
const MAX_PAYLOAD = 1000;
/** Channel names become SQL identifiers in LISTEN: keep them to a safe alphabet. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid event channel "${channel}"`);
}

class LocalEvents implements Events {
  protected handlers = new Map<string, Set<EventHandler>>();
  protected reconnectHandlers = new Set<() => void>();
  readonly listenerName: string | null = null;

  /** In one process nothing can be missed. */
  get delivering(): boolean {
    return true;
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => void this.reconnectHandlers.delete(handler);
  }

  listening(_channel: string): Promise<void> {
    return Promise.resolve();
  }

  deliver(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch {
        // One failing subscriber must not keep the event from the others.
      }
    }
  }

  async publish(channel: string, payload: string): Promise<void> {
    checkChannel(channel);
    if (payload.length > MAX_PAYLOAD) throw new Error('event payload too large');
    this.deliver(channel, payload);
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    checkChannel(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.onFirstSubscriber(channel);
    }
    set.add(handler);
    return () => void set.delete(handler);
  }

  protected onFirstSubscriber(_channel: string): void {}

  async close(): Promise<void> {
    this.handlers.clear();
    this.reconnectHandlers.clear();
  }
}

/** The first new attempt after the LISTEN connection is lost; doubles up to RETRY_MAX_MS while the database is away. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 5_000;
/**
 * A connection that goes silent (a network loss without a reset) sends no error: a query at this
 * interval that gets no answer within HEARTBEAT_MS counts as a loss.
 */
const HEARTBEAT_MS = 5_000;

/**
 * PostgreSQL: one dedicated connection LISTENs on every subscribed channel; NOTIFY carries
 * `<instance id> <payload>` so an instance skips the echo of what it already delivered itself.
 * A NOTIFY sent while the connection is down is lost for this instance, so the connection is re-opened
 * at once (then with back-off) and every re-open is announced to `onReconnect` subscribers, who must
 * assume everything changed in the gap. A terminated backend is noticed by its error; a silent one by
 * the heartbeat.
 */
class PostgresEvents extends LocalEvents {
  private readonly instanceId = randomUUID();
  override readonly listenerName = `zorgportaal-events-${this.instanceId.slice(0, 8)}`;
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  /** Per channel, its first LISTEN (or the connection that LISTENs it): what `listening` waits for. */
  private readonly listens = new Map<string, Promise<void>>();

  constructor(private readonly url: string) {
    super();
  }

  override get delivering(): boolean {
    return this.listener !== null;
  }

  /** Resolves when the LISTEN connection is up (tests and start-up wait for it). */
  async ready(): Promise<void> {
    await this.connect();
  }

  private connect(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: this.listenerName,
        keepAlive: true,
      });
      client.on('error', () => this.drop(client));
      client.on('end', () => this.drop(client));
      client.on('notification', (msg) => {
        const text = msg.payload ?? '';
        const space = text.indexOf(' ');
        if (space === -1 || text.slice(0, space) === this.instanceId) return;
        this.deliver(msg.channel, text.slice(space + 1));
      });
      try {
        await client.connect();
        // A channel subscribed while this runs is picked up by the next round.
        const listening = new Set<string>();
        for (;;) {
          const missing = [...this.handlers.keys()].filter((c) => !listening.has(c));
          if (missing.length === 0) break;
          for (const channel of missing) {
            await client.query(`LISTEN ${channel}`);
            listening.add(channel);
          }
        }
      } catch (err) {
        client.end().catch(() => {});
        this.scheduleReconnect();
        throw err;
      }
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.listener = client;
      this.retryMs = RETRY_MIN_MS;
      this.startHeartbeat(client);
      for (const handler of this.reconnectHandlers) {
        try {
          handler();
        } catch {
          // One failing subscriber must not keep the others from resetting.
        }
      }
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect().catch(() => {});
    }, delay);
    this.retryTimer.unref();
  }

  private startHeartbeat(client: pg.Client): void {
    let pending = false;
    this.heartbeat = setInterval(() => {
      if (pending) {
        this.drop(client);
        return;
      }
      pending = true;
      client.query('select 1').then(
        () => void (pending = false),
        () => this.drop(client),
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private drop(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  protected override onFirstSubscriber(channel: string): void {
    const listener = this.listener;
    this.listens.set(
      channel,
      listener
        ? listener.query(`LISTEN ${channel}`).then(
            () => undefined,
            () => this.drop(listener),
          )
        : this.connect().catch(() => {}),
    );
  }

  override listening(channel: string): Promise<void> {
    return this.listens.get(channel) ?? Promise.resolve();
  }

  override async publish(channel: string, payload: string): Promise<void> {
    await super.publish(channel, payload);
    const client = this.listener ?? new pg.Client({ connectionString: this.url });
    const own = client !== this.listener;
    try {
      if (own) await client.connect();
      await client.query('select pg_notify($1, $2)', [channel, `${this.instanceId} ${payload}`]);
    } finally {
      if (own) await client.end().catch(() => {});
    }
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await super.close();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }
}

/** Events for the database in use: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
export async function openEvents(databaseUrl: string | undefined): Promise<Events> {
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) return new LocalEvents();
  const events = new PostgresEvents(databaseUrl);
  await events.ready();
  return events;
}
