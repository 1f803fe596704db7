import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The lines ESLint's query-key rule (`no-restricted-syntax`) reports for `code` as the file at `file`. */
async function keyErrors(code, file) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

const code = [
  "import { useQueryClient } from '@tanstack/react-query';",
  "import { personsKeys } from './query-keys.ts';",
  "export const a = { queryKey: ['persons', 'list'] };",
  "export const b = { queryKey: [...personsKeys.all, 'x'] as const };",
  "export const c = (client = useQueryClient()) => client.invalidateQueries({ queryKey: ['persons'] });",
  "export const d = (client = useQueryClient()) => client.setQueryData(['persons', 1], {});",
  'export const e = { queryKey: personsKeys.detail(1) };',
  '',
].join('\n');

describe('query keys only in the key factories (npm run lint)', () => {
  it('refuses a key array written where a query is used, read or refreshed', async () => {
    expect(await keyErrors(code, 'packages/web/src/features/persons/api/get-persons.ts')).toEqual([
      3, 4, 5, 6,
    ]);
    expect(await keyErrors(code, 'packages/web/src/lib/x.ts')).toEqual([3, 4, 5, 6]);
  });

  it("allows the arrays in a factory, features' and lib's alike", async () => {
    expect(await keyErrors(code, 'packages/web/src/features/persons/api/query-keys.ts')).toEqual([]);
    expect(await keyErrors(code, 'packages/web/src/lib/query-keys.ts')).toEqual([]);
  });
});
