// A load child for the benches: autocannon (programmatic, in its own process) POSTing a different body for
// every request, taken in order from a JSON file of bodies; prints autocannon's result as JSON.
// Run: node load-bodies.mjs <url> <bodies.json> <connections> <seconds> [header=value ...]
// BENCH_IDEMPOTENCY_KEYS=1: every request also carries a fresh Idempotency-Key (the offline queue's way).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, file, connections, seconds, ...headerArgs] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8'));
const headers = { 'content-type': 'application/json' };
for (const arg of headerArgs) {
  const at = arg.indexOf('=');
  headers[arg.slice(0, at)] = arg.slice(at + 1);
}
const keyed = process.env.BENCH_IDEMPOTENCY_KEYS === '1';
let next = 0;
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      method: 'POST',
      headers,
      // Every request its own body. None left: the last one again, which the bench sees as a non-2xx
      // answer (the bench seeds enough; a null here would make autocannon rebuild forever).
      setupRequest: (request) => ({
        ...request,
        ...(keyed ? { headers: { ...request.headers, 'idempotency-key': randomUUID() } } : {}),
        body: bodies[Math.min(next++, bodies.length - 1)],
      }),
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, sent: next }));
