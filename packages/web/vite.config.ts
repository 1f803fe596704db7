/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// React Router's package exports always point at its development build (warnings on); the
// production build next to it is the same code with them off. Used for `vite build` only.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

// The version users see in the user menu: the root package's (the one `npm version` moves).
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/**
 * The installable app (docs/offline.md): manifest, and a service worker that precaches the shell, the
 * translations and every chunk, so the ward screens open without a connection. It caches no API answer
 * (no runtime caching; navigations to /api, /oauth and /health never get the shell). A new version
 * waits for the nurse's tap (`registerType: 'prompt'`, app/service-worker.ts registers it).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Zorgportaal',
    short_name: 'Zorgportaal',
    description: 'Medicatie, toedienen en zorgnetwerk',
    lang: 'nl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1c5d99',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['index.html', 'static/**/*.{js,css,woff2}', 'locales/*.json', 'icon-*.png'],
    // Chart and flow libraries make a few chunks large; they are precached like the rest.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//, /^\/health\//],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
  },
});

/**
 * Vitest's module cache on disk (`experimental.fsModuleCache`, vitest.config.ts) keys a module by its own text,
 * but a module with `import.meta.glob` (the features' pages, app/routes/screens.ts) is also made of the files
 * the glob finds: kept, a new feature's pages would stay unseen by the tests until the cache is cleared. Such a
 * module is transformed afresh every run.
 */
const globModulesUncached: Plugin = {
  name: 'zorgportaal:glob-modules-uncached',
  configureVitest(context) {
    context.experimental_defineCacheKeyGenerator(({ sourceCode }) =>
      sourceCode.includes('import.meta.glob') ? false : undefined,
    );
  },
};

// Chunks go under static/js and static/css (spec §7); the server long-caches them.
export default defineConfig(({ command }) => ({
  plugins: command === 'build' ? [react(), pwa] : [react(), globModulesUncached],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    rollupOptions: {
      // The contract's modules only declare schemas and constants: unused zod schemas can be
      // dropped, which keeps zod out of the chunks that only need constants (the /login page).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
        // `z` and the contract's schema factories (fields.ts): a schema nobody uses is dropped even
        // when it is built with a helper (`text().max(200)`), so /login does not keep zod for one.
        manualPureFunctions: [
          'z',
          'text',
          'multilineText',
          'optionalText',
          'int32From',
          'bodyId',
          'boundedInt',
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // i18next and react-i18next, which the entry and nearly every lazy chunk import: one
              // chunk instead of several small ones. Only packages that do not import our own
              // modules or React's: with those (the API client, use-sync-external-store) the
              // group and the entry import each other, and Rolldown then keeps every module the
              // entry shares with the lazy full app as a chunk of its own (27 files for /login
              // instead of 15). Wider groups pull in whole barrels (Mantine's, the contract's).
              name: 'shared',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names?.some((n) => n.endsWith('.css'))
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/oauth': 'http://127.0.0.1:8080' },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts', '../../scripts/background-priority.mjs'],
    // One module graph and one jsdom per worker instead of one per file (84 s → 18 s on 2 cores); the setup
    // file puts back what a test changes outside its component.
    isolate: false,
    // A screen test renders, clicks and waits for the screen; on two busy cores (the API suites beside it)
    // that can pass Vitest's 5 s default without anything being wrong.
    testTimeout: 20_000,
    sequence: { groupOrder: 0 },
  },
}));
