/**
 * The import graph's rules (`npm run lint` runs `depcruise packages`; proven by scripts/lint-boundaries.test.mjs).
 * Layers, low to high: contract <- platform <- areas <- app (app.ts, main.ts, schema.ts, seed/, cli/).
 * An area is used by another area only through its public face: `public.ts` (functions and types) and its
 * schema files (tables, read in joins; only the owning area writes them). Its `index.ts` (the Fastify plugin)
 * is for app.ts alone. Type-only imports count: a cycle of types is still a cycle to read.
 * The web's own rules (features never import each other) live in scripts/eslint-boundaries.mjs.
 */
const SERVER = '^packages/server/';
const AREAS = `${SERVER}src/areas/`;
const TESTS = '(\\.test\\.ts$|/test/)';
const APP = `${SERVER}src/(app|main|schema)\\.ts$|${SERVER}src/(seed|cli)/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files form a directed graph: what must flow upward goes through a platform registry.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { circular: true },
    },
    {
      name: 'contract-stands-alone',
      comment: 'Both sides import the contract; it imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The web and the server share only the contract.',
      severity: 'error',
      from: { path: '^packages/(web|server)/' },
      to: { path: '^packages/(web|server)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'platform-below-areas',
      comment: 'The platform serves every area and knows none (upward flows use its registries).',
      severity: 'error',
      from: { path: `${SERVER}src/platform/`, pathNot: TESTS },
      to: { path: `${AREAS}|${APP}` },
    },
    {
      name: 'areas-below-app',
      comment: 'An area never reaches the app, the seed or the whole schema; it names the tables it reads.',
      severity: 'error',
      from: { path: AREAS, pathNot: TESTS },
      to: { path: APP },
    },
    {
      name: 'area-public-face',
      comment: 'Another area is used only through its public.ts and its schema files (tables it may read).',
      severity: 'error',
      from: { path: `${AREAS}([^/]+)/` },
      to: {
        path: AREAS,
        pathNot: [`${AREAS}$1/`, `${AREAS}[^/]+/(public|[a-z-]*schema|demo[a-z-]*)\\.ts$`],
      },
    },
    {
      name: 'areas-through-their-face',
      comment:
        'Outside the areas, code uses an area through its public.ts and schema files; app.ts its index.ts.',
      severity: 'error',
      from: { path: SERVER, pathNot: [AREAS, `${SERVER}src/app\\.ts$`] },
      to: {
        path: AREAS,
        pathNot: `${AREAS}[^/]+/(public|[a-z-]*schema|demo[a-z-]*)\\.ts$`,
      },
    },
    {
      name: 'demo-for-the-seed',
      comment:
        "An area's demo files are its part of the demo world: for the seed, other demo files and tests.",
      severity: 'error',
      from: { path: `${AREAS}([^/]+)/`, pathNot: [`${AREAS}[^/]+/demo[a-z-]*\\.ts$`, TESTS] },
      to: { path: `${AREAS}[^/]+/demo[a-z-]*\\.ts$`, pathNot: `${AREAS}$1/` },
    },
    {
      name: 'plugin-for-app-only',
      comment: "An area's index.ts is its Fastify plugin, registered by app.ts alone.",
      severity: 'error',
      from: { pathNot: `${SERVER}src/app\\.ts$` },
      to: { path: `${AREAS}[^/]+/index\\.ts$` },
    },
    {
      name: 'schema-reads-schema',
      comment:
        'A schema file defines tables: it imports other schema files (foreign keys) and the db layer only.',
      severity: 'error',
      from: { path: `${SERVER}src/.*schema\\.ts$` },
      to: {
        path: `${SERVER}src/`,
        pathNot: [`${SERVER}src/.*schema\\.ts$`, `${SERVER}src/platform/db/schema/`],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
