import { Agent, request } from 'node:http';

/** One answer of the proxy; `status` 0 when the connection failed or the answer was cut off. */
export interface Answer {
  status: number;
  body: string;
  etag: string | undefined;
}

/**
 * Keep-alive connections to the proxy, as many as the open-loop schedule needs: a request waits for a free
 * connection only when `maxSockets` are busy, which a p99 above the goal would show.
 */
export function client(base: string, maxSockets = 512) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets });
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((done) => {
      const req = request(
        { host: url.hostname, port: url.port, method, path, agent, headers, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              etag: res.headers.etag,
            }),
          );
          res.on('error', () => done({ status: 0, body: 'cut off', etag: undefined }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => done({ status: 0, body: err.message, etag: undefined }));
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Latencies and failures of one kind of call, each with the instant it was due. */
export class Calls {
  readonly ms: number[] = [];
  readonly due: number[] = [];
  errors = 0;
  readonly samples: string[] = [];
  ok(ms: number, due: number) {
    this.ms.push(ms);
    this.due.push(due);
  }
  fail(ms: number, due: number, what: string) {
    this.ok(ms, due);
    this.errors++;
    if (this.samples.length < 5) this.samples.push(what);
  }
  /** The calls due in [from, to): where in the round the slow ones were. */
  dueWithin(from: number, to: number): Calls {
    const part = new Calls();
    this.ms.forEach((ms, i) => {
      if (this.due[i]! >= from && this.due[i]! < to) part.ok(ms, this.due[i]!);
    });
    return part;
  }
  percentile(p: number) {
    if (this.ms.length === 0) return NaN;
    const sorted = [...this.ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }
}

/**
 * Open-loop schedule: `launch(i)` is called for event i at `start + i × 1000 / perSecond` ms, whether or not
 * earlier ones have finished, until `until`. The scheduled instant is passed on, so a latency counts from when
 * the call was due (a generator falling behind shows up in the figures instead of hiding them).
 */
export function schedule(
  start: number,
  until: number,
  perSecond: number,
  launch: (i: number, due: number) => void,
): Promise<void> {
  if (perSecond <= 0) return Promise.resolve();
  const interval = 1000 / perSecond;
  let i = 0;
  return new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      while (start + i * interval <= now) {
        const due = start + i * interval;
        if (due >= until) return done();
        launch(i++, due);
      }
      setTimeout(tick, Math.max(1, Math.min(20, start + i * interval - now)));
    };
    tick();
  });
}

/** The figures as a table: count, p50/p95/p99 and errors per call. */
export function table(calls: Record<string, Calls>): string {
  const f = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
  const lines = [
    `${'call'.padEnd(14)} ${'count'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} errors`,
  ];
  for (const [name, c] of Object.entries(calls)) {
    lines.push(
      `${name.padEnd(14)} ${String(c.ms.length).padStart(8)} ${f(c.percentile(50)).padStart(8)} ${f(c.percentile(95)).padStart(8)} ${f(c.percentile(99)).padStart(8)} ${c.errors}`,
    );
  }
  return lines.join('\n');
}
