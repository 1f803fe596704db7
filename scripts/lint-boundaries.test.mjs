import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages ESLint gives for `code` as if it were the file at `file` (from the repo root). */
async function boundaryErrors(code, file) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'local-boundaries/imports').map((m) => m.message);
}

describe('lint boundaries (npm run lint)', () => {
  it('refuses a web feature importing another feature, by relative path or through the features folder', async () => {
    const file = 'packages/web/src/features/persons/components/x.ts';
    expect(await boundaryErrors("export { x } from '../../trash/api/get-trash.ts';\n", file)).toEqual([
      "Feature 'persons' imports feature 'trash': features never import each other; move what they share to components/ or lib/.",
    ]);
    expect(
      await boundaryErrors(
        "export const load = () => import('../../../features/log/routes/log.tsx');\n",
        file,
      ),
    ).toHaveLength(1);
  });

  it("allows a feature's own files and the shared components/ and lib/", async () => {
    const code = [
      "export { a } from '../api/get-persons.ts';",
      "export { b } from '../../../lib/query-keys.ts';",
      "export { c } from '../../../components/page-heading.tsx';",
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'packages/web/src/features/persons/components/x.ts')).toEqual([]);
  });

  it('refuses shared web code importing a feature', async () => {
    const code = "export { a } from '../features/persons/api/get-persons.ts';\n";
    expect(await boundaryErrors(code, 'packages/web/src/lib/x.ts')).toHaveLength(1);
  });

  it('refuses the contract importing the server or the web', async () => {
    const file = 'packages/contract/src/x.ts';
    expect(await boundaryErrors("export { a } from '@zorgportaal/server';\n", file)).toHaveLength(1);
    expect(await boundaryErrors("export { a } from '../../web/src/lib/format.ts';\n", file)).toHaveLength(1);
  });
});
