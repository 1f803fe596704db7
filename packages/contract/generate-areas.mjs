#!/usr/bin/env node
/**
 * Writes src/areas.generated.ts from src/areas/*.ts: each area added after the spec keeps its whole contract in
 * one file there (its schemas, and as its default export `defineContractArea({ routes, auditObjects, auditFields })`), and
 * this file re-exports it and lists it, so a new area edits no shared contract file. `npm run build`,
 * `npm run typecheck` and the test runner call it; it writes only when the listing changed.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HEADER = `// Written by packages/contract/generate-areas.mjs from the files in src/areas/; do not edit.
// An area's contract file default-exports defineContractArea({ routes, auditObjects, auditFields }) (contract-area.ts).
`;

/** `handover-notes.ts` → `handoverNotesArea`: a name for the import that no area file exports. */
const localName = (file) =>
  `${file.replace(/\.ts$/, '').replace(/[^A-Za-z0-9]+(.)/g, (_, next) => next.toUpperCase())}Area`;

/** The generated module's text for these area files (sorted, so the order never depends on the disk). */
export function areasModule(files) {
  const areas = files.filter((file) => /^[a-z][a-z0-9-]*\.ts$/.test(file)).sort();
  const lines = [HEADER, "import type { ContractArea } from './contract-area.ts';"];
  for (const file of areas) lines.push(`import ${localName(file)} from './areas/${file}';`);
  lines.push('');
  for (const file of areas) lines.push(`export * from './areas/${file}';`);
  if (areas.length > 0) lines.push('');
  lines.push(
    `export const CONTRACT_AREAS = [${areas.map(localName).join(', ')}] as const satisfies readonly ContractArea[];`,
    '',
  );
  return lines.join('\n');
}

/** Writes `src/areas.generated.ts` for the contract at `root` when it differs; answers whether it wrote. */
export function writeContractAreas(root = fileURLToPath(new URL('.', import.meta.url))) {
  const files = readdirSync(join(root, 'src/areas')).filter((file) => !file.endsWith('.test.ts'));
  const target = join(root, 'src/areas.generated.ts');
  const text = areasModule(files);
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // not written yet
  }
  if (current === text) return false;
  writeFileSync(target, text);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeContractAreas();
