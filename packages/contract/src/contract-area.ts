import type { EntityType, Language } from './constants.ts';
import type { Permission } from './permissions.ts';

/**
 * What an area adds to the portal besides its schemas: its screens, the object types of its audit entries and
 * the labels of the fields its change entries name. An area added after the spec keeps its whole contract in one
 * file, `src/areas/<area>.ts`, whose default export is `defineContractArea({ routes, auditObjects, auditFields })`;
 * `areas.generated.ts` (written from that folder) gathers the files, so the route table (`routes.ts`) and the
 * audit catalogue (`audit-catalogue.ts`) take them in without a line of their own. The spec's areas keep their
 * entries in those two tables.
 */

/** Navigation areas; each protected route belongs to one. */
export const NAV_AREAS = [
  'home',
  'medication',
  'trombosis',
  'vp',
  'support',
  'network',
  'management',
  'user',
] as const;
export type NavArea = (typeof NAV_AREAS)[number];

export interface ProtectedRoute {
  path: string;
  /** Translation key of the title; the nl text is the spec's title (§2). */
  titleKey: string;
  /** Required permission (a list: any one of them); null means any logged-in user. */
  permission: Permission | readonly Permission[] | null;
  /** Screens about wards: only organisations that have wards or supply them (not a GP practice). */
  entityTypes?: readonly EntityType[];
  area: NavArea;
  /** Shown in the navigation (a route may exist without a menu entry). */
  nav: boolean;
}

/** Organisations with wards of their own (care centres) or supplied by them (pharmacies): a ward screen's `entityTypes`. */
export const WARD_ORGANISATIONS: readonly EntityType[] = ['carecenter', 'pharmacy'];

/** A label in every language of the portal. */
export type AuditLabel = Record<Language, string>;

export interface ContractArea {
  /** The area's screens (their titles in the locale files under `titleKey`, their pages in the web feature). */
  readonly routes?: readonly ProtectedRoute[];
  /** Object types of the area's audit entries (the code stored in audit_log.object_type) with their labels. */
  readonly auditObjects?: Readonly<Record<string, AuditLabel>>;
  /** Labels of the field names its change entries list (changed_fields) that the catalogue does not have. */
  readonly auditFields?: Readonly<Record<string, AuditLabel>>;
}

/** An area's contract; `const` keeps its audit object codes as literals, so `AuditObjectType` names them. */
export const defineContractArea = <const Area extends ContractArea>(area: Area): Area => area;

/** The spec's entries followed by the areas'; a code or a path declared twice stops the app at start-up. */
export function withAreaEntries<Entry>(
  core: readonly Entry[],
  fromAreas: readonly Entry[],
  keyOf: (entry: Entry) => string,
): Entry[] {
  const all = [...core, ...fromAreas];
  const seen = new Set<string>();
  for (const entry of all) {
    const key = keyOf(entry);
    if (seen.has(key))
      throw new Error(`${key} is declared twice: an area's contract repeats an existing entry`);
    seen.add(key);
  }
  return all;
}

/** Every area's routes, in the order of the area files. */
export const areaRoutes = (areas: readonly ContractArea[]): ProtectedRoute[] =>
  areas.flatMap((area) => area.routes ?? []);

/** Every area's audit object types, or its changed fields, with their labels. */
export const areaAuditLabels = (
  areas: readonly ContractArea[],
  kind: 'auditObjects' | 'auditFields',
): [string, AuditLabel][] => areas.flatMap((area) => Object.entries(area[kind] ?? {}));
