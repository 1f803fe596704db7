import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.mjs';

// Server boundaries: an area (packages/server/src/areas/<x>/) is used by other code only through its
// index.ts; its schema.ts is read only by other schema files (foreign keys) and the schema index. An area
// never uses the schema index: its tables.ts names its own tables and the foreign ones it joins.
// (The contract's and the web's boundaries are checked by scripts/eslint-boundaries.mjs below.)
const serverAreas = readdirSync(new URL('./packages/server/src/areas/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const areaInternals = (areas) => ({
  regex: `^(\\.\\./)+(src/)?(areas/)?(${areas.join('|')})/(?!index\\.ts$).+`,
  message: "Use another area only through its index.ts (docs/architecture.md, 'Where does a change go').",
});
const serverBoundaries = [
  ...serverAreas.map((area) => ({
    files: [`packages/server/src/areas/${area}/**/*.ts`],
    ignores: ['**/*schema.ts', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            areaInternals(serverAreas.filter((a) => a !== area)),
            {
              regex: '(^|/)platform/db/schema/index\\.ts$',
              message:
                "Use the area's tables.ts: its own tables, and another area's tables through that area's index.ts.",
            },
          ],
        },
      ],
    },
  })),
  // An area's API tests (areas/<x>/test/) read any table through the schema index, as the app-level tests do.
  ...serverAreas.map((area) => ({
    files: [`packages/server/src/areas/${area}/test/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [areaInternals(serverAreas.filter((a) => a !== area))] },
      ],
    },
  })),
  {
    files: ['packages/server/**/*.ts'],
    ignores: ['packages/server/src/areas/**', '**/*schema.ts', 'packages/server/src/platform/db/schema/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...areaInternals(serverAreas), regex: `^(\\.\\.?/)+(src/)?areas/[^/]+/(?!index\\.ts$).+` },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/server/drizzle/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Web features never import each other (shared code goes to components/ or lib/, which import no
    // feature); the contract imports neither the server nor the web.
    files: ['packages/web/**/*.{ts,tsx}', 'packages/contract/**/*.ts'],
    plugins: { 'local-boundaries': boundaries },
    rules: { 'local-boundaries/imports': 'error' },
  },
  ...serverBoundaries,
);
