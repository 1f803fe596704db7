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
    ignores: ['**/*schema.ts'],
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
    // Query keys are spelled only in the key factories (features/<f>/api/query-keys.ts, lib/query-keys.ts):
    // an array written where a key is used is a second spelling that a refresh of the factory's root misses.
    files: ['packages/web/**/*.{ts,tsx}'],
    ignores: ['**/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
          'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression.arguments',
        ].map((selector) => ({
          selector,
          message:
            "Spell a query key in the feature's api/query-keys.ts (or lib/query-keys.ts when shared), not where it is used.",
        })),
      ],
    },
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
