import { CONTRACT_AREAS } from './areas.generated.ts';
import type { EntityType } from './constants.ts';
import { areaRoutes, type ProtectedRoute, WARD_ORGANISATIONS, withAreaEntries } from './contract-area.ts';
import { DIAGRAMS_PERMISSION } from './permissions.ts';

export const PUBLIC_ROUTES = [
  '/login',
  '/logout',
  '/forget-password',
  '/change-password/:token',
  '/not-me/:token',
] as const;

/** The spec's screens (§2 routes and titles, domain.md permission names). */
const SPEC_ROUTES: readonly ProtectedRoute[] = [
  { path: '/dashboard', titleKey: 'routes.dashboard', permission: null, area: 'home', nav: true },
  {
    path: '/trashcan',
    titleKey: 'routes.trashcan',
    permission: 'trash.manage',
    area: 'management',
    nav: true,
  },
  {
    path: '/management/persons',
    titleKey: 'routes.persons',
    permission: 'persons.read',
    area: 'management',
    nav: true,
  },
  {
    path: '/management/advanced',
    titleKey: 'routes.advanced',
    permission: 'settings.manage',
    area: 'management',
    nav: true,
  },
  { path: '/management/log', titleKey: 'routes.log', permission: 'log.read', area: 'management', nav: true },
  {
    // A client's access overview (Wabvpz), opened from the client: only the responsible care centre.
    path: '/management/log/access',
    titleKey: 'routes.clientAccess',
    permission: 'log.read',
    entityTypes: ['carecenter'],
    area: 'management',
    nav: false,
  },
  { path: '/vp/dashboard', titleKey: 'routes.vpDashboard', permission: 'vp.read', area: 'vp', nav: true },
  {
    path: '/vp/communication',
    titleKey: 'routes.vpCommunication',
    permission: 'vp.read',
    area: 'vp',
    nav: true,
  },
  { path: '/vp/history', titleKey: 'routes.vpHistory', permission: 'vp.read', area: 'vp', nav: true },
  {
    path: '/zp/medication/flowchart',
    titleKey: 'routes.flowchart',
    permission: 'medication.read',
    area: 'medication',
    nav: true,
    entityTypes: WARD_ORGANISATIONS,
  },
  {
    path: '/zp/medication/dashboard',
    titleKey: 'routes.medicationDashboard',
    permission: 'medication.read',
    area: 'medication',
    nav: true,
    entityTypes: WARD_ORGANISATIONS,
  },
  {
    path: '/zp/medication/diagram/add',
    titleKey: 'routes.diagrams',
    // The organisation's saved diagrams are listed here too, so every role with the screen sees them.
    permission: DIAGRAMS_PERMISSION,
    area: 'medication',
    nav: true,
  },
  {
    path: '/zp/medication/administrationsoverview',
    titleKey: 'routes.administrationsOverview',
    permission: 'administration.read',
    area: 'medication',
    nav: true,
  },
  {
    path: '/zp/administrationregistration/dashboard',
    titleKey: 'routes.administrationDashboard',
    permission: 'administration.read',
    area: 'medication',
    nav: true,
    entityTypes: WARD_ORGANISATIONS,
  },
  { path: '/amo', titleKey: 'routes.amo', permission: 'medication.read', area: 'medication', nav: true },
  {
    path: '/administrationlist',
    titleKey: 'routes.administrationList',
    permission: 'administration.register',
    area: 'medication',
    nav: true,
    entityTypes: WARD_ORGANISATIONS,
  },
  {
    path: '/mijngib',
    titleKey: 'routes.mijngib',
    permission: 'medication.read',
    area: 'medication',
    // The same screen as /amo: the menu lists it once.
    nav: false,
  },
  { path: '/orders', titleKey: 'routes.orders', permission: 'orders.read', area: 'medication', nav: true },
  { path: '/baxter', titleKey: 'routes.baxter', permission: 'baxter.read', area: 'medication', nav: true },
  {
    path: '/communication',
    titleKey: 'routes.communication',
    permission: 'communication.use',
    area: 'medication',
    nav: true,
  },
  {
    path: '/zp/trombosisservice/dashboard',
    titleKey: 'routes.trombosisDashboard',
    // The API's rule for trombosis data: care staff, their pharmacy and the GP read their own clients'
    // critical values and checks here (read-only); the service works on them.
    permission: ['trombosis.read', 'medication.read'],
    area: 'trombosis',
    nav: true,
  },
  {
    path: '/dosagescheme',
    titleKey: 'routes.dosageScheme',
    // A prescriber reads its own clients' values and schemes (read-only).
    permission: ['trombosis.read', 'vp.read'],
    area: 'trombosis',
    nav: true,
  },
  {
    path: '/inrvalues',
    titleKey: 'routes.inrValues',
    // A prescriber reads its own clients' values and schemes (read-only).
    permission: ['trombosis.read', 'vp.read'],
    area: 'trombosis',
    nav: true,
  },
  {
    path: '/support/documents',
    titleKey: 'routes.documents',
    permission: 'documents.read',
    area: 'support',
    nav: true,
  },
  {
    path: '/healthcare/infrastructure',
    titleKey: 'routes.network',
    permission: 'network.read',
    area: 'network',
    nav: true,
  },
  { path: '/user/profile', titleKey: 'routes.profile', permission: null, area: 'user', nav: false },
  { path: '/user/settings', titleKey: 'routes.settings', permission: null, area: 'user', nav: false },
];

/**
 * The one route → permission table: the spec's screens, then those of the areas added after it (their contract
 * files, `contract-area.ts`). The web router, the navigation and the dashboard tiles read it.
 */
export const PROTECTED_ROUTES: readonly ProtectedRoute[] = withAreaEntries(
  SPEC_ROUTES,
  areaRoutes(CONTRACT_AREAS),
  (route) => route.path,
);

/**
 * The one rule for who may open a screen: the router's guard, the menu and the home page use it.
 * A list of permissions needs any one of them; a ward screen also needs a ward organisation.
 */
export function routePermitted(
  route: Pick<ProtectedRoute, 'permission' | 'entityTypes'>,
  permissions: readonly string[],
  entityType: EntityType,
): boolean {
  const needed =
    route.permission === null
      ? []
      : typeof route.permission === 'string'
        ? [route.permission]
        : route.permission;
  if (needed.length > 0 && !needed.some((permission) => permissions.includes(permission))) return false;
  return route.entityTypes === undefined || route.entityTypes.includes(entityType);
}

export const findProtectedRoute = (path: string): ProtectedRoute | undefined =>
  PROTECTED_ROUTES.find((route) => route.path === path);

/**
 * The spec's titles in Dutch (§2): the web's nl.json must use them for these keys (a test checks). A route the
 * spec does not name has its title in the locale files only.
 */
export const ROUTE_TITLES_NL: Record<string, string> = {
  'routes.dashboard': 'Dashboard',
  'routes.trashcan': 'Prullenbak',
  'routes.persons': 'Personen',
  'routes.advanced': 'Geavanceerd',
  'routes.log': 'Logboek',
  'routes.clientAccess': 'Wie heeft dit dossier ingezien',
  'routes.vpDashboard': 'Dashboard',
  'routes.vpCommunication': 'Communicatie',
  'routes.vpHistory': 'Terugblikken',
  'routes.flowchart': 'Stroomdiagram',
  'routes.medicationDashboard': 'Dashboard',
  'routes.diagrams': 'Diagrammen',
  'routes.administrationsOverview': 'Resultaten Toedienregistratie',
  'routes.administrationDashboard': 'Dashboard',
  'routes.amo': 'Actueel medicatie overzicht',
  'routes.administrationList': 'Toedienlijsten',
  'routes.mijngib': 'MijnGiB overzicht',
  'routes.orders': 'Bestellingen',
  'routes.baxter': 'Baxter',
  'routes.communication': 'Communicatie',
  'routes.trombosisDashboard': 'Dashboard',
  'routes.dosageScheme': 'Doseerschema',
  'routes.inrValues': 'INR waarden',
  'routes.documents': 'Documenten',
  'routes.network': 'Zorgnetwerk',
  'routes.profile': 'Profiel',
  'routes.settings': 'Account Instellingen',
};

/** Spec §2: "/" goes to the persons screen for a pharmacy, otherwise to the dashboard. */
export const homePathFor = (entityType: string | null | undefined): string =>
  entityType === 'pharmacy' ? '/management/persons' : '/dashboard';
