import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { areasModule, writeContractAreas } from '../packages/contract/generate-areas.mjs';
import { withAreaEntries } from '../packages/contract/src/contract-area.ts';

const contractRoot = fileURLToPath(new URL('../packages/contract/', import.meta.url));

/** An area's whole contract, as a newcomer writes it in src/areas/. */
const HANDOVER = `import { z } from 'zod';
import { defineContractArea } from '../contract-area.ts';

export const handoverNoteSchema = z.object({ id: z.number().int(), text: z.string() });

export default defineContractArea({
  routes: [
    { path: '/zp/handover', titleKey: 'routes.handover', permission: 'administration.read', area: 'medication', nav: true },
  ],
  auditObjects: { handover_note: { nl: 'Overdrachtsnotitie', en: 'Hand-over note' } },
  auditFields: { NoteText: { nl: 'Tekst van de notitie', en: 'Note text' } },
});
`;

describe("an area's contract file", () => {
  const copies = [];
  afterAll(() => {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  });

  /** A copy of the contract (inside the package, so zod resolves) with these files in src/areas/. */
  function contractWith(areaFiles) {
    const root = mkdtempSync(join(contractRoot, '.area-test-'));
    copies.push(root);
    cpSync(join(contractRoot, 'src'), join(root, 'src'), {
      recursive: true,
      // Without the real areas and their generated list: the copy's areas are this test's own.
      filter: (source) =>
        !source.endsWith('.test.ts') && !source.includes('/areas/') && !source.endsWith('areas.generated.ts'),
    });
    cpSync(join(contractRoot, 'src/areas/README.md'), join(root, 'src/areas/README.md'));
    for (const [name, text] of Object.entries(areaFiles)) writeFileSync(join(root, 'src/areas', name), text);
    return root;
  }

  it('is gathered by the generator: re-exported and listed, in name order, other files left out', () => {
    const text = areasModule(['handover.ts', 'README.md', 'ward-notes.ts', 'Draft.ts']);
    expect(text).toContain("import handoverArea from './areas/handover.ts';");
    expect(text).toContain("export * from './areas/ward-notes.ts';");
    expect(text).toContain('export const CONTRACT_AREAS = [handoverArea, wardNotesArea] as const');
    expect(text).not.toContain('README');
    expect(text).not.toContain('Draft');
  });

  it('puts its route in the route table and its audit object in the catalogue, with its schemas exported', async () => {
    const root = contractWith({ 'handover.ts': HANDOVER });
    expect(writeContractAreas(root)).toBe(true);
    expect(writeContractAreas(root)).toBe(false);
    const contract = await import(/* @vite-ignore */ join(root, 'src/index.ts'));
    expect(contract.findProtectedRoute('/zp/handover')).toMatchObject({ permission: 'administration.read' });
    expect(contract.PROTECTED_ROUTES.at(-1)?.path).toBe('/zp/handover');
    expect(contract.findProtectedRoute('/dashboard')).toBeDefined();
    expect(contract.AUDIT_OBJECT_TYPE_CODES).toContain('handover_note');
    expect(contract.AUDIT_OBJECT_TYPE_CODES).toContain('patient');
    expect(contract.AUDIT_OBJECTS).toMatchObject({ handover_note: 'handover_note' });
    expect(contract.AUDIT_OBJECT_LABELS).toMatchObject({ handover_note: { nl: 'Overdrachtsnotitie' } });
    expect(contract.AUDIT_FIELD_LABELS).toMatchObject({
      NoteText: { en: 'Note text' },
      Title: { nl: 'Titel' },
    });
    expect(contract.handoverNoteSchema).toBeDefined();
  });

  it('may not take a path or an audit code that exists already', async () => {
    const root = contractWith({
      'handover.ts': HANDOVER.replace("'/zp/handover'", "'/dashboard'"),
    });
    writeContractAreas(root);
    await expect(import(/* @vite-ignore */ join(root, 'src/index.ts'))).rejects.toThrow(
      '/dashboard is declared twice',
    );
    expect(() => withAreaEntries(['patient'], ['patient'], (code) => code)).toThrow(
      'patient is declared twice',
    );
  });
});
