/**
 * The audit catalogue (NEN 7513): every action, outcome and object type the server may write to the
 * audit log, each with its Dutch and English label. The server writes only these codes (the types
 * reject anything else) and the Logboek reads its labels from here, so both sides always agree.
 */

import { CONTRACT_AREAS } from './areas.generated.ts';
import { areaAuditLabels, type AuditLabel, withAreaEntries } from './contract-area.ts';

/**
 * Action codes: Create, Read, Update, Delete, Execute (login, logout, export, …) and Print (a screen with
 * client data sent to the printer: NEN 7513 counts a printout as a copy that leaves the system).
 */
export const AUDIT_ACTIONS = {
  create: 'C',
  read: 'R',
  update: 'U',
  delete: 'D',
  execute: 'E',
  print: 'P',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
export const AUDIT_ACTION_CODES = ['C', 'R', 'U', 'D', 'E', 'P'] as const satisfies readonly AuditAction[];
export const AUDIT_ACTION_LABELS: Record<AuditAction, AuditLabel> = {
  C: { nl: 'Aangemaakt', en: 'Created' },
  R: { nl: 'Gelezen', en: 'Read' },
  U: { nl: 'Gewijzigd', en: 'Changed' },
  D: { nl: 'Verwijderd', en: 'Deleted' },
  E: { nl: 'Uitgevoerd', en: 'Executed' },
  P: { nl: 'Afgedrukt', en: 'Printed' },
};

export const AUDIT_OUTCOMES = {
  success: 'success',
  failure: 'failure',
  denied: 'denied',
  /** Access to another organisation's object (answered 404, security.md). */
  refused: 'refused',
} as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[keyof typeof AUDIT_OUTCOMES];
export const AUDIT_OUTCOME_CODES = [
  'success',
  'failure',
  'denied',
  'refused',
] as const satisfies readonly AuditOutcome[];
export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, AuditLabel> = {
  success: { nl: 'Gelukt', en: 'Succeeded' },
  failure: { nl: 'Mislukt', en: 'Failed' },
  denied: { nl: 'Geweigerd', en: 'Denied' },
  refused: { nl: 'Afgewezen', en: 'Refused' },
};

/**
 * What an entry is about. The key is the code stored in audit_log.object_type. An area added after the spec
 * names its own in its contract file (`contract-area.ts`); they join these below.
 */
const SPEC_OBJECT_TYPES = {
  person: { nl: 'Persoon', en: 'Person' },
  person_list: { nl: 'Personenlijst', en: 'Person list' },
  person_avatar: { nl: 'Foto van persoon', en: 'Photo of person' },
  account: { nl: 'Account', en: 'Account' },
  account_list: { nl: 'Accountlijst', en: 'Account list' },
  account_2fa: { nl: 'Tweestapsverificatie van account', en: 'Two-step verification of account' },
  trash_list: { nl: 'Prullenbak', en: 'Trash' },
  audit_log: { nl: 'Logboek', en: 'Audit log' },
  patient_access_overview: { nl: 'Overzicht inzage dossier', en: 'Record access overview' },
  login: { nl: 'Inloggen', en: 'Login' },
  logout: { nl: 'Uitloggen', en: 'Logout' },
  force_logout: { nl: 'Geforceerd uitloggen', en: 'Forced logout' },
  session: { nl: 'Sessie verlengd', en: 'Session renewed' },
  password: { nl: 'Wachtwoord', en: 'Password' },
  password_reset: { nl: 'Wachtwoordherstel', en: 'Password reset' },
  password_reset_request: { nl: 'Wachtwoordmail', en: 'Password reset mail' },
  two_factor: { nl: 'Tweestapsverificatie', en: 'Two-step verification' },
  ip_allow_list: { nl: 'IP-adressenlijst', en: 'IP address list' },
  not_me: { nl: 'Melding "dit was ik niet"', en: '"This was not me" report' },
  entity_settings: { nl: 'Instellingen organisatie', en: 'Organisation settings' },
  department: { nl: 'Afdeling', en: 'Department' },
  patient: { nl: 'Cliënt', en: 'Client' },
  patient_search: { nl: 'Cliënten zoeken', en: 'Client search' },
  medication_agreement: { nl: 'Medicatieafspraak', en: 'Medication agreement' },
  medication_agreements: { nl: 'Medicatieoverzicht', en: 'Medication overview' },
  medication_dashboard: { nl: 'Medicatiedashboard', en: 'Medication dashboard' },
  administration_list: { nl: 'Toedienlijst', en: 'Administration list' },
  administration: { nl: 'Toediening', en: 'Administration' },
  administration_agreement: { nl: 'Toedieningsafspraak', en: 'Administration agreement' },
  administration_double_check: { nl: 'Dubbele controle', en: 'Double check' },
  administration_scan: { nl: 'Scancontrole', en: 'Scan check' },
  administration_dashboard: { nl: 'Toedieningsdashboard', en: 'Administration dashboard' },
  administration_results: { nl: 'Toedienresultaten', en: 'Administration results' },
  administration_results_export: { nl: 'Export toedienresultaten', en: 'Administration results export' },
  diagram: { nl: 'Diagram', en: 'Diagram' },
  etdr_consent: { nl: 'eTDR-toestemming', en: 'eTDR consent' },
  etdr_authorized: { nl: 'eTDR-autorisatie voorschrijver', en: 'eTDR prescriber authorisation' },
  document: { nl: 'Document', en: 'Document' },
  document_download: { nl: 'Document gedownload', en: 'Document downloaded' },
  network_link: { nl: 'Koppeling zorgnetwerk', en: 'Care network link' },
  message_thread: { nl: 'Berichtgesprek', en: 'Message thread' },
  message_thread_list: { nl: 'Berichtenlijst', en: 'Message list' },
  message: { nl: 'Bericht', en: 'Message' },
  medication_review: { nl: 'Medicatiebeoordeling', en: 'Medication review' },
  vp_dashboard: { nl: 'Voorschrijversdashboard', en: 'Prescriber dashboard' },
  vp_history: { nl: 'Terugblikken', en: 'Medication history' },
  inr_value: { nl: 'INR-waarde', en: 'INR value' },
  inr_values: { nl: 'INR-waarden van cliënt', en: 'INR values of client' },
  inr_target_range: { nl: 'INR-streefgebied', en: 'INR target range' },
  dosage_scheme: { nl: 'Doseerschema', en: 'Dosage scheme' },
  dosage_calendar: { nl: 'Doseerkalender', en: 'Dosing calendar' },
  coumarin_agreements: { nl: 'Cumarine-afspraken van cliënt', en: 'Coumarin agreements of client' },
  trombosis_patients: { nl: 'Cliënten trombosedienst', en: 'Trombosis service clients' },
  trombosis_dashboard: { nl: 'Dashboard trombosedienst', en: 'Trombosis service dashboard' },
  order: { nl: 'Bestelling', en: 'Order' },
  order_list: { nl: 'Bestellingenlijst', en: 'Order list' },
  baxter_roll: { nl: 'Baxterrol', en: 'Baxter roll' },
  baxter_roll_list: { nl: 'Baxterrollen', en: 'Baxter rolls' },
  baxter_roll_file: { nl: 'Baxter-rolbestand', en: 'Baxter roll file' },
  baxter_sachet_scan: { nl: 'Scan baxterzakje', en: 'Baxter sachet scan' },
  integration: { nl: 'Koppeling', en: 'Integration' },
  integration_list: { nl: 'Koppelingen', en: 'Integrations' },
  integration_report: { nl: 'Koppelingsrapport', en: 'Integration report' },
  integration_sync: { nl: 'Synchronisatie ECD', en: 'EHR synchronisation' },
  fhir_search: { nl: 'FHIR-zoekvraag', en: 'FHIR search' },
  fhir_everything: { nl: 'FHIR-export cliëntdossier', en: 'FHIR client record export' },
  system_client: { nl: 'Systeemclient', en: 'System client' },
  system_client_token: { nl: 'Toegangstoken systeemclient', en: 'System client access token' },
} as const satisfies Record<string, AuditLabel>;

/** The object codes an area's contract declares (none for an area without `auditObjects`). */
type AreaObjectType<Area> = Area extends { auditObjects: infer Objects } ? keyof Objects & string : never;

export type AuditObjectType =
  | keyof typeof SPEC_OBJECT_TYPES
  | AreaObjectType<(typeof CONTRACT_AREAS)[number]>;
export const AUDIT_OBJECT_LABELS = Object.fromEntries(
  withAreaEntries(
    Object.entries(SPEC_OBJECT_TYPES),
    areaAuditLabels(CONTRACT_AREAS, 'auditObjects'),
    ([code]) => code,
  ),
) as Record<AuditObjectType, AuditLabel>;
export const AUDIT_OBJECT_TYPE_CODES = Object.keys(AUDIT_OBJECT_LABELS) as AuditObjectType[];
/** The typed constants for call sites: `AUDIT_OBJECTS.person` is `'person'`, a typo does not compile. */
export const AUDIT_OBJECTS = Object.fromEntries(AUDIT_OBJECT_TYPE_CODES.map((k) => [k, k])) as {
  readonly [K in AuditObjectType]: K;
};

/**
 * Field names a change entry may list (changed_fields), with their labels. Names only, never values:
 * the log must not become a second copy of patient data.
 */
const FIELDS = {
  NameInformation: { nl: 'Naam', en: 'Name' },
  DateOfBirth: { nl: 'Geboortedatum', en: 'Date of birth' },
  CustomerName: { nl: 'Klantnaam', en: 'Customer name' },
  Avatar: { nl: 'Foto', en: 'Photo' },
  EmailAddress: { nl: 'E-mailadressen', en: 'Email addresses' },
  Username: { nl: 'Gebruikersnaam', en: 'Username' },
  Person: { nl: 'Gekoppelde persoon', en: 'Linked person' },
  Active: { nl: 'Actief', en: 'Active' },
  AccountActivePeriod: { nl: 'Actieve periode', en: 'Active period' },
  Deleted: { nl: 'Verwijderd', en: 'Deleted' },
  Teams: { nl: 'Teams', en: 'Teams' },
  Roles: { nl: 'Rollen', en: 'Roles' },
  AccountSubscription: { nl: 'Abonnementen', en: 'Subscriptions' },
  GroupsSendTo: { nl: 'Groepen (verzenden)', en: 'Groups (send to)' },
  GroupsReceivesFrom: { nl: 'Groepen (ontvangen)', en: 'Groups (receive from)' },
  EmployeeNumber: { nl: 'Personeelsnummer', en: 'Employee number' },
  PersonId: { nl: 'Persoon', en: 'Person' },
  EntityId: { nl: 'Organisatie', en: 'Organisation' },
  Bsn: { nl: 'BSN', en: 'BSN' },
  DepartmentId: { nl: 'Afdeling', en: 'Department' },
  Room: { nl: 'Kamer', en: 'Room' },
  PharmacyEntityId: { nl: 'Apotheek', en: 'Pharmacy' },
  GpName: { nl: 'Huisarts', en: 'GP' },
  PrescriberEntityId: { nl: 'Voorschrijver (organisatie)', en: 'Prescriber (organisation)' },
  Allergies: { nl: 'Allergieën', en: 'Allergies' },
  ConsentStatus: { nl: 'Toestemming', en: 'Consent' },
  End: { nl: 'Einde', en: 'End' },
  StopType: { nl: 'Soort stop', en: 'Stop type' },
  StopReason: { nl: 'Reden van stoppen', en: 'Stop reason' },
  Title: { nl: 'Titel', en: 'Title' },
  Definition: { nl: 'Inhoud van het diagram', en: 'Diagram definition' },
  Category: { nl: 'Categorie', en: 'Category' },
  Shared: { nl: 'Gedeeld', en: 'Shared' },
  File: { nl: 'Bestand', en: 'File' },
  Role: { nl: 'Rol', en: 'Role' },
  Group: { nl: 'Streefgebied', en: 'Target range' },
  Low: { nl: 'Ondergrens', en: 'Lower bound' },
  High: { nl: 'Bovengrens', en: 'Upper bound' },
  Status: { nl: 'Status', en: 'Status' },
  Reason: { nl: 'Reden', en: 'Reason' },
  Type: { nl: 'Soort', en: 'Type' },
  Name: { nl: 'Naam', en: 'Name' },
  Source: { nl: 'Bron', en: 'Source' },
  Schedule: { nl: 'Planning', en: 'Schedule' },
  WardMapping: { nl: 'Afdelingscodes', en: 'Ward codes' },
  Secret: { nl: 'Sleutel', en: 'Key' },
  Scopes: { nl: 'Gegevenssoorten', en: 'Scopes' },
  Revoked: { nl: 'Ingetrokken', en: 'Revoked' },
  PublicKey: { nl: 'Openbare sleutel', en: 'Public key' },
} as const satisfies Record<string, AuditLabel>;
/**
 * Field labels by name, with those of the areas' contract files; a name not listed here (an entity setting's
 * key) is shown as it is.
 */
export const AUDIT_FIELD_LABELS: Partial<Record<string, AuditLabel>> = Object.fromEntries(
  withAreaEntries(Object.entries(FIELDS), areaAuditLabels(CONTRACT_AREAS, 'auditFields'), ([name]) => name),
);
