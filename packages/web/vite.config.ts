/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Chunks go under static/js and static/css (spec §7); the server long-caches them.
export default defineConfig({
  plugins: [react()],
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
              // What the entry and nearly every lazy chunk share (i18next, the API client): one chunk
              // instead of five small ones, each a request and a worse compression. (Wider groups pull
              // in whole barrels: Mantine's and the contract's, with zod.)
              name: 'shared',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]|[\\/]src[\\/]lib[\\/](api-client|api-config|api-errors|http|session|i18n|i18n-backend)\.ts$/,
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
    setupFiles: ['src/test/setup.ts'],
    sequence: { groupOrder: 0 },
  },
});
