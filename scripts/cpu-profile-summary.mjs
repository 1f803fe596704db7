// Summarises a V8 .cpuprofile (node --cpu-prof): self time grouped by what the code is (SQL driver, drizzle,
// zod, Fastify, the app's own modules …) and the top functions. Run: node scripts/cpu-profile-summary.mjs file.cpuprofile [top=25]
// A long profile (an instance of the round bench) can be cut: `--from=S --to=S` keeps the samples between those
// seconds from the profile's start; `--timeline` prints the busy share of each second first, to find them.
import { readFileSync } from 'node:fs';

const flags = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => [a.slice(2).split('=')[0], a.split('=')[1] ?? true]),
);
const [file, top = '25'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = profile.timeDeltas;
const from = Number(flags.from ?? -Infinity) * 1e6;
const to = Number(flags.to ?? Infinity) * 1e6;
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const perSecond = [];
let at = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  at += deltas[i] ?? 0;
  const second = Math.floor(at / 1e6);
  if (!idleIds.has(id)) perSecond[second] = (perSecond[second] ?? 0) + (deltas[i] ?? 0);
  if (at < from || at >= to) continue;
  self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
}
if (flags.timeline) {
  const line = Array.from(perSecond, (busy, second) => `${second}:${Math.round((busy ?? 0) / 1e4)}%`);
  console.log(`busy share per second from the start\n${line.join(' ')}\n`);
}

const GROUPS = [
  ['idle', (f, u) => f === '(idle)'],
  ['garbage collection', (f) => f === '(garbage collector)'],
  ['program (native, unattributed)', (f) => f === '(program)'],
  ['PGlite (wasm + JS)', (f, u) => /@electric-sql\/pglite|wasm:\/\//.test(u)],
  ['node-postgres (pg, pg-protocol, pg-types)', (f, u) => /node_modules\/pg(-[a-z]+)?\//.test(u)],
  ['drizzle-orm (query building, row mapping)', (f, u) => /drizzle-orm/.test(u)],
  ['zod', (f, u) => /node_modules\/zod\//.test(u)],
  ['fastify-type-provider-zod (validation, serialisation)', (f, u) => /fastify-type-provider-zod/.test(u)],
  [
    'Fastify, find-my-way, light-my-request, avvio',
    (f, u) => /node_modules\/(fastify|@fastify|find-my-way|avvio|fast-json|light-my-request)/.test(u),
  ],
  ['app: audit', (f, u) => /platform\/audit\.ts/.test(u)],
  ['app: access, scope, permissions', (f, u) => /platform\/(access|scope|plugins)/.test(u)],
  ['app: administration', (f, u) => /areas\/administration/.test(u)],
  ['app: medication', (f, u) => /areas\/medication/.test(u)],
  ['app: other', (f, u) => /packages\/(server|contract)\/src/.test(u)],
  ['other node_modules', (f, u) => /node_modules/.test(u)],
  ['Node core (net, http, streams, crypto, JSON …)', (f, u) => u.startsWith('node:') || u === ''],
];

const groups = new Map();
const funcs = new Map();
let total = 0;
for (const [id, time] of self) {
  const node = byId.get(id);
  const f = node.callFrame.functionName || '(anonymous)';
  const u = node.callFrame.url;
  total += time;
  const group = GROUPS.find(([, test]) => test(f, u))?.[0] ?? 'other';
  groups.set(group, (groups.get(group) ?? 0) + time);
  const key = `${f} ${u.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/packages\//, '')}:${node.callFrame.lineNumber + 1}`;
  funcs.set(key, (funcs.get(key) ?? 0) + time);
}
const busy = total - (groups.get('idle') ?? 0);
const pct = (t, of) => `${((100 * t) / of).toFixed(1).padStart(5)} %`;
console.log(
  `total ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (share of busy time below)`,
);
for (const [group, time] of [...groups].sort((a, b) => b[1] - a[1]))
  if (group !== 'idle') console.log(`${pct(time, busy)}  ${group}`);
console.log('\ntop functions by self time');
for (const [key, time] of [...funcs].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  if (!key.startsWith('(idle)')) console.log(`${pct(time, busy)}  ${key}`);
