import {
  PGlite,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
  parse,
  protocol,
} from '@electric-sql/pglite';

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement prepared on the database under its name, with what its Parse told about it. */
interface Kept {
  name: string;
  paramTypes: number[];
  /** Its columns (absent for a statement without rows): each run's rows are read with it. */
  rowDescription: Message | undefined;
}

/** How many statements an instance keeps prepared; past this the least recently used one is closed. */
export const KEPT_STATEMENTS = 400;

/** The data statements sent again and again (Drizzle's, the queries'); not DDL, SET or transaction control. */
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** "prepared statement does not exist", "cached plan must not change result type". */
const STALE = new Set(['26000', '0A000']);
const isStale = (error: unknown) => STALE.has((error as { code?: string }).code ?? '');
const keepable = (text: string, options?: QueryOptions) =>
  KEEPABLE.test(text) && !options?.blob && !options?.paramTypes;

/**
 * PGlite that keeps its statements prepared, as node-postgres keeps named statements per connection: each
 * distinct text is parsed once per database (named `zp_<n>`, the least recently used closed past
 * KEPT_STATEMENTS), and each later run is one Bind, Execute and Sync, sent to the database in one go. PGlite's
 * own `query` parses, describes and plans the text on every call and hands each protocol step to the database
 * separately: 200 µs for a one-row read by key that takes 45 µs this way (docs/performance.md, "Every statement
 * kept prepared on the embedded database"). The locks are PGlite's own: a statement outside a transaction
 * waits for any open one, and within `transaction` the transaction's statements go the same way.
 */
export class PGliteKeepingStatements extends PGlite {
  /** By text, least recently used first. */
  readonly #kept = new Map<string, Kept>();
  #made = 0;

  /** As PGlite.create; `dataDir` absent: in memory. */
  static async open(options: PGliteOptions): Promise<PGliteKeepingStatements> {
    const pg = new PGliteKeepingStatements(options);
    await pg.waitReady;
    return pg;
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!keepable(text, options)) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const run = () => this.#run<T>(text, params, options, { outsideTransaction: true });
        // A statement found stale was forgotten: parsed again, once.
        const result = await run().catch((error: unknown) =>
          isStale(error) ? run() : Promise.reject(error),
        );
        // As PGlite's query does outside a transaction: a write is on disk before the answer.
        await this.syncToFs();
        return result;
      }),
    );
  }

  /** PGlite's own query: parsed and planned with this call's values (preparedStatement's `planPerCall`). */
  queryPlannedPerCall<T>(text: string, params: unknown[] = []): Promise<Results<T>> {
    return super.query<T>(text, params);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> =>
        keepable(text, options) && !tx.closed
          ? this._runExclusiveQuery(() => this.#run<R>(text, params, options, { outsideTransaction: false }))
          : tx.query<R>(text, params, options);
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    { outsideTransaction }: { outsideTransaction: boolean },
  ): Promise<Results<T>> {
    let kept = this.#kept.get(text);
    try {
      if (kept) {
        this.#kept.delete(text);
        this.#kept.set(text, kept);
      } else kept = await this.#prepare(text, outsideTransaction);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = kept!.paramTypes[i]!;
        const serialize = options?.serializers?.[type] ?? this.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      const messages = await this.#send(
        options,
        protocol.serialize.bind({ statement: kept.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      );
      const described = kept.rowDescription ? [kept.rowDescription, ...messages] : messages;
      return parse.parseResults(described, this.parsers, options)[0] as Results<T>;
    } catch (error) {
      // A statement gone (DEALLOCATE) or whose columns a migration changed: parsed again next time.
      if (isStale(error)) this.#kept.delete(text);
      // As PGlite's query: a database error names its statement.
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  /**
   * Parses the text under a new name and keeps it. Within a transaction nothing is closed (a statement could
   * be closed inside an aborted one), so there a text past the limit runs as the unnamed statement.
   */
  async #prepare(text: string, outsideTransaction: boolean): Promise<Kept> {
    const full = this.#kept.size >= KEPT_STATEMENTS;
    const name = full && !outsideTransaction ? '' : `zp_${++this.#made}`;
    const steps: Uint8Array[] = [];
    const oldest = full && name ? this.#kept.entries().next().value : undefined;
    if (oldest) {
      this.#kept.delete(oldest[0]);
      steps.push(protocol.serialize.close({ type: 'S', name: oldest[1].name }));
    }
    const messages = await this.#send(
      undefined,
      ...steps,
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const kept: Kept = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    if (name) this.#kept.set(text, kept);
    return kept;
  }

  /** The messages in one buffer: the database runs them up to the Sync, after a failed one skipping to it. */
  #send(options: QueryOptions | undefined, ...steps: Uint8Array[]): Promise<Message[]> {
    const buffer = new Uint8Array(steps.reduce((length, step) => length + step.length, 0));
    let at = 0;
    for (const step of steps) {
      buffer.set(step, at);
      at += step.length;
    }
    return this.execProtocolStream(buffer, { syncToFs: false, onNotice: options?.onNotice });
  }
}
