/** Permission names (domain.md). Roles bundle these; routes and API endpoints require them. */
export const PERMISSIONS = [
  'persons.read',
  'persons.write',
  'accounts.write',
  'accounts.forcelogout',
  'trash.manage',
  'settings.manage',
  'log.read',
  'vp.read',
  'medication.read',
  'medication.write',
  'administration.register',
  'administration.read',
  'orders.read',
  'orders.decide',
  'orders.create',
  'baxter.read',
  'baxter.write',
  'baxter.handover',
  'communication.use',
  'trombosis.read',
  'trombosis.write',
  'documents.read',
  'documents.write',
  'network.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The Diagrammen screen's permission, which every diagram call checks too. Here, not in diagrams.ts: the route
 * table reads it, and the login page must not load diagrams.ts's zod schemas with it.
 */
export const DIAGRAMS_PERMISSION: Permission = 'administration.read';

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

/** Default roles seeded for every installation (domain.md). */
export const DEFAULT_ROLES: Record<string, readonly Permission[]> = {
  Beheerder: PERMISSIONS,
  Apotheker: [
    'persons.read',
    'persons.write',
    'medication.read',
    'medication.write',
    'administration.read',
    'orders.read',
    'orders.decide',
    'baxter.read',
    'baxter.write',
    'communication.use',
    'documents.read',
    'documents.write',
    'network.read',
    'log.read',
  ],
  Apothekersassistent: [
    'persons.read',
    'medication.read',
    'administration.read',
    'orders.read',
    'orders.decide',
    'baxter.read',
    'baxter.write',
    'communication.use',
    'documents.read',
    'network.read',
  ],
  Verpleegkundige: [
    'persons.read',
    'medication.read',
    'administration.register',
    'administration.read',
    'orders.read',
    'orders.create',
    'baxter.read',
    'baxter.handover',
    'communication.use',
    'documents.read',
    'network.read',
  ],
  Verzorgende: [
    'medication.read',
    'administration.register',
    'administration.read',
    'baxter.read',
    'baxter.handover',
    'communication.use',
    'documents.read',
  ],
  Voorschrijver: [
    'persons.read',
    'vp.read',
    'medication.read',
    'medication.write',
    'administration.read',
    'communication.use',
    'documents.read',
    'network.read',
  ],
  Trombosedienstmedewerker: [
    'persons.read',
    'trombosis.read',
    'trombosis.write',
    'communication.use',
    'documents.read',
    'network.read',
  ],
  Klant: ['medication.read', 'administration.read', 'documents.read'],
  /**
   * Reads the own organisation's Logboek (NEN 7513 review), beside a work role: e.g. at a GP practice or a
   * trombosis service, whose work roles do not include the log.
   */
  Logboeklezer: ['log.read'],
};
