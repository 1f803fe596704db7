/**
 * With TEST_TABLESPACE (CI: a tablespace in memory, scripts/test-tablespace.sh) every database the tests make
 * keeps its files there: a copy of the seeded template is about 800 files, whose creation and syncing on disk
 * cost the kernel ~0.7 s of CPU per test file (~0.05 s in memory). Without it, the server's default.
 */
export function inTestTablespace(): string {
  const name = process.env.TEST_TABLESPACE;
  if (!name) return '';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`TEST_TABLESPACE is not a plain name: ${name}`);
  return ` TABLESPACE ${name}`;
}
