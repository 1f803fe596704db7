import { type PGlite, parse, protocol } from '@electric-sql/pglite';

type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

/** The names prepared on each embedded database, with their parameters' types (a new instance starts empty). */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * A named prepared statement on PGlite, as node-postgres keeps one per connection on PostgreSQL: parsed once per
 * database, and planned once when PostgreSQL settles on a generic plan. PGlite's own `query` parses and plans
 * every statement on every call: the Toedienlijst's data statement took 4.4–6.2 ms that way and 1.6–2.3 ms
 * prepared (docs/performance.md). The protocol steps are PGlite's `query`'s (bind, describe, execute, sync; the
 * rows through its own parser and type parsers), under the same two locks, so a statement never runs inside
 * another caller's transaction; only outside a transaction of the caller's own (as preparedStatement).
 */
export async function queryNamed<Row>(
  pg: PGlite,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<Row[]> {
  await pg._checkReady();
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const paramTypes = await prepareOnce(pg, name, text);
      const params = values.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = pg.serializers[paramTypes[i]!];
        return serialize ? serialize(value) : String(value);
      });
      const messages = await inOneSync(pg, [
        protocol.serialize.bind({ statement: name, values: params }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
      ]);
      // As PGlite's query does outside a transaction: a write is on disk before the answer.
      await pg.syncToFs();
      return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as Row[];
    }),
  );
}

async function prepareOnce(pg: PGlite, name: string, text: string): Promise<number[]> {
  let statements = preparedOn.get(pg);
  if (!statements) preparedOn.set(pg, (statements = new Map()));
  let paramTypes = statements.get(name);
  if (!paramTypes) {
    const messages = await inOneSync(pg, [
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
    ]);
    paramTypes = parse.parseDescribeStatementResults(messages);
    statements.set(name, paramTypes);
  }
  return paramTypes;
}

/** Sends the steps one after another and ends them with Sync, also after a failed step (which it rethrows). */
async function inOneSync(pg: PGlite, steps: Uint8Array[]): Promise<Messages> {
  const messages: Messages = [];
  try {
    for (const step of steps) messages.push(...(await pg.execProtocolStream(step, { syncToFs: false })));
  } finally {
    messages.push(...(await pg.execProtocolStream(protocol.serialize.sync(), { syncToFs: false })));
  }
  return messages;
}
