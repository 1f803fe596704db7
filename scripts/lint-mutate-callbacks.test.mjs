import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The messages ESLint's `no-restricted-syntax` reports for `code` as the file at `file`, as line: message. */
async function restricted(code, file) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => [m.line, m.message]);
}

const withCallbacks = [
  "import type { UseMutationResult } from '@tanstack/react-query';",
  'export const save = (m: UseMutationResult<number, Error, number>, done: () => void) =>',
  '  m.mutate(1, { onSuccess: done });',
  "export const key = { queryKey: ['persons', 'list'] };",
  '',
].join('\n');

const followingTheRequest = [
  "import type { UseMutationResult } from '@tanstack/react-query';",
  "import { withFeedback } from '../../../lib/mutation-feedback.ts';",
  'export const save = (m: UseMutationResult<number, Error, number>, done: () => void) =>',
  '  void withFeedback(m.mutateAsync(1), { onSuccess: done });',
  'export const fire = (m: UseMutationResult<number, Error, number>) => m.mutate(1);',
  '',
].join('\n');

describe("a mutation's feedback follows its request (npm run lint)", () => {
  it('refuses mutate with callbacks, beside the query-key rule of the same option list', async () => {
    const errors = await restricted(withCallbacks, 'packages/web/src/features/persons/components/x-form.tsx');
    expect(errors.map(([line]) => line)).toEqual([3, 4]);
    expect(errors[0][1]).toMatch(/withFeedback\(mutation\.mutateAsync/);
    expect(errors[1][1]).toMatch(/Spell a query key/);
  });

  it('refuses it in a key factory too, where the key arrays are allowed', async () => {
    const errors = await restricted(withCallbacks, 'packages/web/src/features/persons/api/query-keys.ts');
    expect(errors.map(([line]) => line)).toEqual([3]);
  });

  it('allows withFeedback(mutateAsync(…)) and a mutate without callbacks', async () => {
    expect(
      await restricted(followingTheRequest, 'packages/web/src/features/persons/components/x-form.tsx'),
    ).toEqual([]);
  });
});
