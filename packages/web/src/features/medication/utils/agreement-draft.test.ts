import { describe, expect, it } from 'vitest';
import { emptyDraft, validateDraft } from './agreement-draft.ts';
import { paracetamolTablet as paracetamol } from './test-fixtures.ts';

describe('validateDraft', () => {
  it('builds the create body from a filled form', () => {
    const result = validateDraft(
      {
        ...emptyDraft(),
        medication: paracetamol,
        prescriber: 'Dr. Jansen',
        doseUnit: 'tablet',
        weekdays: [1, 3],
      },
      12,
    );
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        MedicationId: paracetamol.Id,
        Prescriber: 'Dr. Jansen',
        Instructions: expect.objectContaining({ Moments: [{ Time: '08:00', Dose: 1 }], Weekdays: [1, 3] }),
      }),
    });
  });

  it('names the fields that are missing or wrong, with the contract messages', () => {
    const result = validateDraft(
      {
        ...emptyDraft(),
        moments: [
          { time: '8 uur', dose: 1 },
          { time: '20:00', dose: '' },
        ],
      },
      12,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields.MedicationId).toBe('Kies een geneesmiddel.');
    expect(result.fields.Prescriber).toBe('Vul de voorschrijver in.');
    expect(result.fields['Instructions.Moments.0.Time']).toBe('Vul een tijd in als UU:MM.');
    expect(result.fields['Instructions.Moments.1.Dose']).toBe('Vul de dosis in.');
  });

  it('needs a criterion for as-needed medication and drops the timed moments', () => {
    const draft = {
      ...emptyDraft(),
      type: 'as_needed' as const,
      medication: paracetamol,
      prescriber: 'Dr. Jansen',
    };
    const missing = validateDraft(draft, null);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(Object.keys(missing.fields)).toContain('Instructions.Moments');
    const valid = validateDraft({ ...draft, criterion: 'bij pijn', maxPerDay: 4 }, null);
    expect(valid.ok && valid.body.Instructions.Moments).toEqual([]);
  });
});
