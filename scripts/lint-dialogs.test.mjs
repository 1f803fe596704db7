import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The lines ESLint's `no-restricted-imports` reports for `code` as the file at `file`. */
async function modalErrors(code, file) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
}

const code = [
  "import { Button, Modal } from '@mantine/core';",
  'export const parts = [Button, Modal];',
  '',
].join('\n');

describe('every dialog is components/dialog.tsx (npm run lint)', () => {
  it("refuses Mantine's Modal in a feature and in shared code", async () => {
    expect(await modalErrors(code, 'packages/web/src/features/orders/components/x-dialog.tsx')).toEqual([1]);
    expect(await modalErrors(code, 'packages/web/src/components/x-dialog.tsx')).toEqual([1]);
  });

  it('allows it in the one Dialog', async () => {
    expect(await modalErrors(code, 'packages/web/src/components/dialog.tsx')).toEqual([]);
  });
});
