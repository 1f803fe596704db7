import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_AREAS, PROTECTED_ROUTES, ROUTE_TITLES_NL } from '@zorgportaal/contract';
import en from '../../public/locales/en.json';
import nl from '../../public/locales/nl.json';
import { i18n } from './i18n.ts';

const SRC = join(import.meta.dirname, '..');

function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) keys.set(k, v);
    else keys.set(path, value);
  }
  return keys;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys used in code: t('key' …), i18n.t('key' …) and i18nKey="key". */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const pattern = /\bt\(\s*['"`]([^'"`$]+)['"`]|i18nKey=\{?\s*['"`]([^'"`$]+)['"`]/g;
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern))
      used.set(match[1] ?? match[2]!, relative(SRC, file));
  }
  for (const route of PROTECTED_ROUTES) used.set(route.titleKey, 'PROTECTED_ROUTES');
  for (const area of NAV_AREAS) used.set(`nav.areas.${area}`, 'NAV_AREAS (app/layouts/main-nav.tsx)');
  return used;
}

const nlKeys = flatten(nl);
const enKeys = flatten(en);

describe('translations (nl source, en complete)', () => {
  it('finds the keys the code uses', () => {
    expect(usedKeys().size).toBeGreaterThan(40);
  });

  it('has every used key in nl.json and en.json', () => {
    // A key used with a count may exist as its plural forms (i18next: key_one and key_other).
    const has = (keys: Map<string, unknown>, key: string) =>
      keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));
    const missing = [...usedKeys()].flatMap(([key, file]) => [
      ...(has(nlKeys, key) ? [] : [`nl: ${key} (${file})`]),
      ...(has(enKeys, key) ? [] : [`en: ${key} (${file})`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('has the same keys in nl and en, all non-empty strings', () => {
    expect([...enKeys.keys()].sort()).toEqual([...nlKeys.keys()].sort());
    for (const [key, value] of [...nlKeys, ...enKeys])
      expect(typeof value === 'string' && value.length > 0, key).toBe(true);
  });

  it('has a title for every route in both languages, the spec titles (ROUTE_TITLES_NL) as the Dutch ones', () => {
    for (const { titleKey } of PROTECTED_ROUTES) {
      expect(nlKeys.has(titleKey), `nl: ${titleKey}`).toBe(true);
      expect(enKeys.has(titleKey), `en: ${titleKey}`).toBe(true);
    }
    for (const [key, title] of Object.entries(ROUTE_TITLES_NL)) expect(nlKeys.get(key), key).toBe(title);
  });

  it('counts in Dutch with singular and plural forms, never "afspraak/afspraken"', () => {
    expect([1, 2].map((count) => i18n.t('vp.agreements', { count }))).toEqual(['1 afspraak', '2 afspraken']);
    expect([1, 3].map((count) => i18n.t('vp.inrAlerts', { count }))).toEqual([
      '1 kritieke waarde',
      '3 kritieke waarden',
    ]);
    const slashes = [...nlKeys].filter(([, value]) =>
      /[a-z]{3,}\/[a-z]{3,}|\w\((n|en|s)\)/.test(String(value)),
    );
    expect(slashes.map(([key]) => key)).toEqual([]);
  });

  it("titles toasts 'Notificatie' in Dutch", () => {
    expect(nlKeys.get('toast.title')).toBe('Notificatie');
  });
});
