import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_CODES,
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_OBJECT_LABELS,
  AUDIT_OBJECT_TYPE_CODES,
  AUDIT_OBJECTS,
  AUDIT_OUTCOME_CODES,
  AUDIT_OUTCOME_LABELS,
  type AuditObjectType,
} from './audit-catalogue.ts';
import { LANGUAGES } from './constants.ts';

describe('audit catalogue', () => {
  const catalogues = [AUDIT_ACTION_LABELS, AUDIT_OUTCOME_LABELS, AUDIT_OBJECT_LABELS, AUDIT_FIELD_LABELS];

  it('labels every action, outcome, object type and field in every language, never as a raw code', () => {
    expect(Object.keys(AUDIT_ACTION_LABELS)).toEqual([...AUDIT_ACTION_CODES]);
    expect(Object.keys(AUDIT_OUTCOME_LABELS)).toEqual([...AUDIT_OUTCOME_CODES]);
    for (const labels of catalogues)
      for (const [code, label] of Object.entries(labels))
        for (const language of LANGUAGES) {
          expect(label?.[language], `${code} ${language}`).toMatch(/\S/);
          expect(label?.[language]).not.toContain('_');
        }
  });

  it('gives the English labels under en', () => {
    expect(AUDIT_OBJECT_LABELS.administration_list).toEqual({
      nl: 'Toedienlijst',
      en: 'Administration list',
    });
    expect(AUDIT_OBJECT_LABELS.patient_search.en).toBe('Client search');
    expect(AUDIT_ACTION_LABELS.U.en).toBe('Changed');
  });

  it('has a typed constant for every object type; an unknown type is rejected', () => {
    expect(Object.values(AUDIT_OBJECTS)).toEqual(AUDIT_OBJECT_TYPE_CODES);
    expect(AUDIT_OBJECT_TYPE_CODES).toContain('etdr_consent');
    // @ts-expect-error: not in the catalogue, so the server cannot write it.
    const unknown: AuditObjectType = 'patient_serach';
    expect(AUDIT_OBJECT_TYPE_CODES).not.toContain(unknown);
  });
});
