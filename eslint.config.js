import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.mjs';

// The server's import graph (no cycles, layers, an area's public face) is checked by dependency-cruiser
// (.dependency-cruiser.cjs); the contract's and the web's boundaries by scripts/eslint-boundaries.mjs below.

const queryKeyArrays = [
  "Property[key.name='queryKey'] > ArrayExpression",
  "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
  'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression.arguments',
].map((selector) => ({
  selector,
  message:
    "Spell a query key in the feature's api/query-keys.ts (or lib/query-keys.ts when shared), not where it is used.",
}));

// TanStack Query drops mutate's own callbacks when the component that called it unmounts first, and the
// refresh a mutation awaits can unmount it (a card leaves its filtered list, a form is replaced).
const mutateCallbacks = {
  selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
  message:
    "mutate(…, { onSuccess, … }) loses its callbacks when the component unmounts before the mutation settles, which the mutation's own refresh can cause: use withFeedback(mutation.mutateAsync(…), { onSuccess, onError }) from lib/mutation-feedback.ts.",
};

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
    rules: { 'no-restricted-syntax': ['error', ...queryKeyArrays] },
  },
  {
    // A later object replaces the rule's whole list: src's files get the key arrays again with the mutate
    // rule, the key factories (next) the mutate rule alone.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...queryKeyArrays, mutateCallbacks] },
  },
  {
    files: ['packages/web/src/**/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', mutateCallbacks] },
  },
  {
    // Every dialog is components/dialog.tsx: it gives the focus back to what opened it (also to a menu's
    // button) and names its close button; a Modal used directly would do neither.
    files: ['packages/web/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/components/dialog.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Modal'],
              message: 'Use Dialog from components/dialog.tsx (focus return, a Dutch close button).',
            },
          ],
        },
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
);
