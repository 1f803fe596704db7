import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_OBJECT_LABELS,
  AUDIT_OUTCOME_LABELS,
  type AuditLabel,
  DEFAULT_LANGUAGE,
  type Language,
} from '@zorgportaal/contract';
import { isLanguage } from '../../../lib/i18n.ts';

/** A catalogue label in the current language; an unknown code is shown as it is. */
const labelOf = (labels: Partial<Record<string, AuditLabel>>, code: string, language: Language) =>
  labels[code]?.[language] ?? code;

/**
 * Readable names for the log's codes, from the contract's audit catalogue (the server writes only
 * codes from that catalogue), in the current language.
 */
export function useLogLabels() {
  const { t, i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language = isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
  return useMemo(() => {
    const changes: Record<string, string> = {
      restore: t('log.changes.restore', 'teruggezet uit de prullenbak'),
      purge: t('log.changes.purge', 'definitief verwijderd'),
      // A dose given outside its time window, with the nurse's reason.
      given_early: t('log.changes.given_early', 'eerder gegeven'),
      given_late: t('log.changes.given_late', 'later gegeven'),
      deactivate: t('log.changes.deactivate', 'gedeactiveerd'),
      reset: t('log.changes.reset', 'opnieuw ingesteld'),
    };
    return {
      language,
      action: (code: string) => labelOf(AUDIT_ACTION_LABELS, code, language),
      outcome: (code: string) => labelOf(AUDIT_OUTCOME_LABELS, code, language),
      object: (type: string) => labelOf(AUDIT_OBJECT_LABELS, type, language),
      field: (name: string) => labelOf(AUDIT_FIELD_LABELS, name, language),
      change: (code: unknown) => (typeof code === 'string' ? (changes[code] ?? code) : null),
    };
  }, [t, language]);
}
