/**
 * Bench: what serialising the two busiest answers costs, and whether a precompiled serializer would pay. The
 * Toedienlijst (the nurse's default department) and the client list of the demo world, taken from the real app
 * on PGlite, each serialised three ways: plain `JSON.stringify` (the floor), zod's parse + stringify (what the
 * routes do: fastify-type-provider-zod validates every answer against its contract schema) and
 * `fast-json-stringify` compiled from the same schema's JSON Schema (what Fastify would use without zod). Prints
 * µs per answer and whether each gives the bytes the route sends.
 * Run: npx tsx packages/server/bench/response-serialize.ts
 */
import { administrationListSchema, patientListSchema } from '@zorgportaal/contract';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';

const RUNS = 3_000;

function microseconds(serialise: () => string): number {
  for (let i = 0; i < 300; i++) serialise();
  const start = performance.now();
  for (let i = 0; i < RUNS; i++) serialise();
  return ((performance.now() - start) / RUNS) * 1000;
}

async function main() {
  const database = await openDatabase('memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const { app, auth } = await appAs(database, secretKey, 'verpleegkundige');
  const answers = [
    ['Toedienlijst', '/api/administration/list', administrationListSchema],
    ['client list', '/api/patients', patientListSchema],
  ] as const;
  console.log('answer         size     JSON.stringify  zod + stringify  fast-json-stringify (same bytes)');
  for (const [name, url, schema] of answers) {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    const body: unknown = res.json();
    const contract = schema as z.ZodType;
    const compiled = fastJsonStringify(
      z.toJSONSchema(contract, { io: 'output', unrepresentable: 'any' }) as never,
    );
    const plain = microseconds(() => JSON.stringify(body));
    const zod = microseconds(() => JSON.stringify(contract.parse(body)));
    const fast = microseconds(() => compiled(body));
    console.log(
      `${name.padEnd(14)} ${(res.body.length / 1024).toFixed(0).padStart(3)} KB  ${plain.toFixed(0).padStart(8)} µs  ${zod.toFixed(0).padStart(11)} µs  ${fast.toFixed(0).padStart(11)} µs (${compiled(body) === res.body ? 'yes' : 'no'}; zod: ${JSON.stringify(contract.parse(body)) === res.body ? 'yes' : 'no'})`,
    );
  }
  await app.close();
  await database.close();
}

await main();
