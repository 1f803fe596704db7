/** The demo world: fixed data, so every start and every test sees the same world. */

export const DEMO_PASSWORD = 'Welkom-demo-2026';
export const DEMO_TOTP_SECRET = '3GZWCL6RF5MH6A3PBM3CTWS2C3WHDRUV';
export const DEMO_EMAIL_DOMAIN = 'zorgportaal.example';

export type DemoEntityKey = 'deLinde' | 'deBerk' | 'hetAnker' | 'centrum' | 'huisarts' | 'trombose';

export const DEMO_ENTITIES: {
  key: DemoEntityKey;
  name: string;
  type: 'pharmacy' | 'carecenter' | 'customer';
  agb: string;
  settings: Record<string, unknown>;
}[] = [
  {
    key: 'deLinde',
    name: 'Apotheek De Linde',
    type: 'pharmacy',
    agb: '06012345',
    settings: { PharmacyIdentifier: 'AP-DE-LINDE' },
  },
  {
    key: 'deBerk',
    name: 'Zorgcentrum De Berk',
    type: 'carecenter',
    agb: '23012345',
    settings: { CareCenter: true },
  },
  {
    key: 'hetAnker',
    name: 'Zorgcentrum Het Anker',
    type: 'carecenter',
    agb: '23012346',
    settings: { CareCenter: true },
  },
  {
    key: 'centrum',
    name: 'Apotheek Centrum',
    type: 'pharmacy',
    agb: '06012346',
    settings: { PharmacyIdentifier: 'AP-CENTRUM' },
  },
  { key: 'huisarts', name: 'Huisartsenpraktijk Linde', type: 'customer', agb: '01012345', settings: {} },
  {
    key: 'trombose',
    name: 'Trombosedienst Midden',
    type: 'customer',
    agb: '29012345',
    // On the doseerkalender a client takes home (example.nl: a demo address that reaches no one).
    settings: { ContactPhone: '030-2345678', ContactEmail: 'dosering@trombosedienst-midden.example.nl' },
  },
];

export const DEMO_LINKS: {
  from: DemoEntityKey;
  to: DemoEntityKey;
  role: 'supplies' | 'gp' | 'anticoagulation';
}[] = [
  { from: 'deLinde', to: 'deBerk', role: 'supplies' },
  { from: 'centrum', to: 'hetAnker', role: 'supplies' },
  { from: 'huisarts', to: 'deBerk', role: 'gp' },
  { from: 'trombose', to: 'deBerk', role: 'anticoagulation' },
  { from: 'trombose', to: 'hetAnker', role: 'anticoagulation' },
];

export const DEMO_LOCATIONS: { entity: DemoEntityKey; name: string; departments: [string, string] }[] = [
  {
    entity: 'deBerk',
    name: 'De Berk, Berkenlaan 12 Utrecht',
    departments: ['Afdeling Eikenhof', 'Afdeling Lindehof'],
  },
  {
    entity: 'hetAnker',
    name: 'Het Anker, Havenweg 3 Amersfoort',
    departments: ['Wijk Haven', 'Afdeling Kompas'],
  },
];

export interface DemoAccount {
  username: string;
  entity: DemoEntityKey;
  roles: string[];
  firstNames: string;
  prefix: string | null;
  lastName: string;
  employeeNumber: string;
  mustChangePassword?: boolean;
  totp?: boolean;
  note?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'apotheker',
    entity: 'deLinde',
    roles: ['Apotheker', 'Beheerder'],
    firstNames: 'Marieke',
    prefix: 'van der',
    lastName: 'Linden',
    employeeNumber: 'L-1001',
  },
  {
    username: 'assistent',
    entity: 'deLinde',
    roles: ['Apothekersassistent'],
    firstNames: 'Sanne',
    prefix: null,
    lastName: 'Bakker',
    employeeNumber: 'L-1002',
  },
  {
    username: 'beheerder',
    entity: 'deBerk',
    roles: ['Beheerder'],
    firstNames: 'Peter',
    prefix: 'de',
    lastName: 'Vries',
    employeeNumber: 'B-2001',
  },
  {
    username: 'verpleegkundige',
    entity: 'deBerk',
    roles: ['Verpleegkundige'],
    firstNames: 'Fatima',
    prefix: null,
    lastName: 'El Amrani',
    employeeNumber: 'B-2002',
  },
  {
    username: 'nieuw',
    entity: 'deBerk',
    roles: ['Verzorgende'],
    firstNames: 'Lotte',
    prefix: null,
    lastName: 'Jansen',
    employeeNumber: 'B-2003',
    mustChangePassword: true,
    note: 'moet het wachtwoord wijzigen bij de eerste login',
  },
  {
    username: 'tweestaps',
    entity: 'deBerk',
    roles: ['Verpleegkundige'],
    firstNames: 'Daan',
    prefix: 'van',
    lastName: 'Dijk',
    employeeNumber: 'B-2004',
    totp: true,
    note: 'tweestapsverificatie aan',
  },
  {
    username: 'anker',
    entity: 'hetAnker',
    roles: ['Verpleegkundige', 'Beheerder'],
    firstNames: 'Ingrid',
    prefix: null,
    lastName: 'Visser',
    employeeNumber: 'A-3001',
  },
  {
    username: 'centrum',
    entity: 'centrum',
    roles: ['Apotheker'],
    firstNames: 'Ahmed',
    prefix: null,
    lastName: 'Yilmaz',
    employeeNumber: 'C-4001',
  },
  {
    username: 'huisarts',
    entity: 'huisarts',
    // The practice's own Logboek (NEN 7513) is read by the GP; the practice has no Beheerder of its own.
    roles: ['Voorschrijver', 'Logboeklezer'],
    firstNames: 'Willem',
    prefix: 'van den',
    lastName: 'Berg',
    employeeNumber: 'H-5001',
  },
  {
    username: 'trombose',
    entity: 'trombose',
    roles: ['Trombosedienstmedewerker', 'Logboeklezer'],
    firstNames: 'Eva',
    prefix: null,
    lastName: 'Mulder',
    employeeNumber: 'T-6001',
  },
  // The GP practice and the trombosis service manage their own staff, groups and documents. Appended, so
  // the ids of the accounts above stay what they were.
  {
    username: 'praktijkbeheer',
    entity: 'huisarts',
    roles: ['Beheerder'],
    firstNames: 'Noor',
    prefix: 'de',
    lastName: 'Groot',
    employeeNumber: 'H-5002',
  },
  {
    username: 'trombosebeheer',
    entity: 'trombose',
    roles: ['Beheerder'],
    firstNames: 'Rob',
    prefix: null,
    lastName: 'Hendriks',
    employeeNumber: 'T-6002',
  },
];
