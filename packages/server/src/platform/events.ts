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
  }
}

/**
 * PostgreSQL: one dedicated connection LISTENs on every subscribed channel; NOTIFY carries
 * `<instance id> <payload>` so an instance skips the echo of what it already delivered itself.
 * The connection is re-opened after a loss; while it is down the publisher still sends (through
 * its own short query) and other instances miss nothing that they are listening for.
 */
class PostgresEvents extends LocalEvents {
  private readonly instanceId = randomUUID();
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly url: string) {
    super();
  }

  /** Resolves when the LISTEN connection is up (tests and start-up wait for it). */
  async ready(): Promise<void> {
    await this.connect();
  }

  private connect(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('error', () => this.drop(client));
      client.on('end', () => this.drop(client));
      client.on('notification', (msg) => {
        const text = msg.payload ?? '';
        const space = text.indexOf(' ');
        if (space === -1 || text.slice(0, space) === this.instanceId) return;
        this.deliver(msg.channel, text.slice(space + 1));
      });
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
      this.listener = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private drop(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    client.end().catch(() => {});
    if (!this.closed) setTimeout(() => void this.connect().catch(() => {}), 1000).unref();
  }

  protected override onFirstSubscriber(channel: string): void {
    const listener = this.listener;
    if (listener) listener.query(`LISTEN ${channel}`).catch(() => this.drop(listener));
    else void this.connect().catch(() => {});
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
