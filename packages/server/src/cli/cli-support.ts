import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** DATA_DIR as the server reads it, without creating anything in it (a restore target must stay empty). */
export const dataDirFromEnv = (value = process.env.DATA_DIR): string =>
  path.resolve(value?.trim() || './data');

export function secretKeyOf(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) throw new Error(`${file} not found: is ${dataDir} a Zorgportaal data directory?`);
  return readFileSync(file, 'utf8').trim();
}

/** Runs a command-line tool: a known failure prints one line and exits 1, never a stack trace. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
