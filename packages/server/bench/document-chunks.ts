/**
 * Bench: a 20 MB document stored and read in its 256 KB chunks (areas/documents/file-store.ts) on the embedded
 * database, with PGlite's own `bytea` codec and with the portal's (platform/db/pglite-bytea.ts), alternating on
 * one migrated database. Prints wall and CPU ms per whole document: the codec runs on the event loop, so its
 * CPU is time every other request of the instance waits.
 * Run: npx tsx packages/server/bench/document-chunks.ts [rounds=2]
 */
import { types } from '@electric-sql/pglite';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { parseBytea, serializeBytea } from '../src/platform/db/pglite-bytea.ts';

const ROUNDS = Number(process.argv[2] ?? 2);
/** The file store's chunk (`CHUNK_BYTES` in areas/documents/file-store.ts, which a bench may not import). */
const CHUNK_BYTES = 256 * 1024;
const DOCUMENT_BYTES = 20 * 1024 * 1024;
const chunk = Uint8Array.from({ length: CHUNK_BYTES }, (_, i) => (i * 31) & 255);
const chunks = DOCUMENT_BYTES / CHUNK_BYTES;

type Codecs = { serializers: Record<number, unknown>; parsers: Record<number, unknown> };
const own = types as unknown as Codecs;
const CODECS = {
  "PGlite's own": [own.serializers[types.BYTEA], own.parsers[types.BYTEA]],
  "the portal's (Buffer)": [serializeBytea, parseBytea],
} as const;

const ms = (start: number) => performance.now() - start;
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

async function main() {
  const database = await openDatabase('memory://');
  await database.migrate(migrationsFolder());
  const client = database.pglite!;
  const codecs = client as unknown as Codecs;
  const [{ id: entityId }] = (
    await client.query<{ id: number }>(
      `insert into entities (name, type) values ('Bench', 'pharmacy') returning id`,
    )
  ).rows as [{ id: number }];
  console.log(
    `A ${DOCUMENT_BYTES / 1024 / 1024} MB document in ${chunks} chunks of ${CHUNK_BYTES / 1024} KB, embedded database`,
  );
  console.log('codec                    store ms  store CPU ms   read ms  read CPU ms');
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, [serialize, parse]] of Object.entries(CODECS)) {
      codecs.serializers[types.BYTEA] = serialize;
      codecs.parsers[types.BYTEA] = parse;
      const [{ id: fileId }] = (
        await client.query<{ id: number }>(
          'insert into document_files (entity_id) values ($1) returning id',
          [entityId],
        )
      ).rows as [{ id: number }];
      let wall = performance.now();
      let cpu = process.cpuUsage();
      for (let seq = 0; seq < chunks; seq++)
        await client.query('insert into document_file_chunks (file_id, seq, data) values ($1, $2, $3)', [
          fileId,
          seq,
          chunk,
        ]);
      const stored = [ms(wall), cpuMs(cpu)];
      wall = performance.now();
      cpu = process.cpuUsage();
      let bytes = 0;
      for (let seq = 0; seq < chunks; seq += 2) {
        const { rows } = await client.query<{ data: Uint8Array }>(
          'select data from document_file_chunks where file_id = $1 and seq >= $2 order by seq limit 2',
          [fileId, seq],
        );
        for (const row of rows) bytes += row.data.byteLength;
      }
      if (bytes !== DOCUMENT_BYTES) throw new Error(`read ${bytes} bytes of ${DOCUMENT_BYTES}`);
      const read = [ms(wall), cpuMs(cpu)];
      console.log(
        `${name.padEnd(22)} ${[...stored, ...read].map((v, i) => v.toFixed(0).padStart(i % 2 ? 13 : 9)).join('')}`,
      );
    }
  }
  await database.close();
}

await main();
