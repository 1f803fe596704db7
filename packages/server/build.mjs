// Bundles the server into dist/main.js. Dependencies stay external (installed in node_modules);
// @zorgportaal/contract is TypeScript source and must be bundled. Migrations stay in ./drizzle.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// `--outdir=<dir>`: elsewhere than dist/ (the tests' own build, test/helpers/built-server.ts); the folder must be
// below packages/server, where the packages and the migrations are found from.
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== '@zorgportaal/contract',
);

await build({
  // The server and the operator's commands (npm run backup, restore, db:to-postgres).
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'cli/backup': new URL('./src/cli/backup.ts', import.meta.url).pathname,
    'cli/restore': new URL('./src/cli/restore.ts', import.meta.url).pathname,
    'cli/to-postgres': new URL('./src/cli/to-postgres.ts', import.meta.url).pathname,
    'cli/log-archive': new URL('./src/cli/log-archive.ts', import.meta.url).pathname,
  },
  outdir: outdir ?? new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
if (!process.argv.includes('--quiet')) console.log('server built: packages/server/dist (main.js, cli/*.js)');
