import type { ResultsFilter } from './administration/results-filter.ts';

/*
 * The query keys that more than one feature (or a shared component) reads or refreshes. A feature's
 * own keys live in its `api/query-keys.ts` and start from these roots where they belong to them, so
 * that refreshing a root here reaches them. Features never spell a key as a string literal.
 */

/** Every administration screen (list, results, dashboard, flowchart) is cached below this root. */
export const administrationKeys = {
  all: ['administration'] as const,
  lists: () => [...administrationKeys.all, 'list'] as const,
  departments: () => [...administrationKeys.all, 'departments'] as const,
  results: (query: ResultsFilter) => [...administrationKeys.all, 'results', query] as const,
};

/** The organisation's saved diagrams: Diagrammen saves them, it and the Toediendashboard show them. */
export const diagramKeys = {
  all: ['diagrams'] as const,
  list: () => [...diagramKeys.all, 'list'] as const,
};

/** The AMO's patient record and its eTDR consent, also read by the client dialog and the consent dialog. */
export const medicationKeys = {
  all: ['medication'] as const,
  patient: (id: number) => [...medicationKeys.all, 'patient', id] as const,
  consents: (patientId: number) => [...medicationKeys.all, 'consent', patientId] as const,
  consent: (patientId: number, entityId: number) =>
    [...medicationKeys.consents(patientId), entityId] as const,
  /** The prescriber's authorised signature of one agreement (eTDR). */
  signature: (patientId: number, agreementId: number) =>
    [...medicationKeys.all, 'signature', patientId, agreementId] as const,
};

/** The prescriber's views (VP dashboard, Terugblikken): refreshed when an agreement is signed. */
export const vpKeys = {
  all: ['vp'] as const,
};

/**
 * Patient searches (the AMO's picker, an order's client, the results overview's filter) and the
 * whole list a picker offers (a message's client, the prescriber's history): refreshed when a patient
 * is saved.
 */
export const patientKeys = {
  searches: () => ['patients', 'search'] as const,
  search: (query: object) => [...patientKeys.searches(), query] as const,
  choices: () => [...patientKeys.searches(), 'choices'] as const,
  prescribers: () => ['patients', 'prescribers'] as const,
};

/** Catalogue searches (the AMO's medication picker, an order line, the results overview's filter). */
export const catalogueKeys = {
  search: (q: string | undefined) => ['catalogue', 'search', q ?? ''] as const,
};

/** The organisation's own settings: the layout's header and Geavanceerd, which changes them. */
export const entitySettingsKeys = {
  own: () => ['entity-settings'] as const,
};

/** Communicatie: every event of the live message stream refreshes all of it; the layout shows the unread count. */
export const communicationKeys = {
  all: ['communication'] as const,
  unread: () => [...communicationKeys.all, 'unread'] as const,
};

/** The landing page's tiles and notices: a new message changes its figures. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** Personen's lists and details: refreshed when the trash restores a person. */
export const personKeys = {
  all: ['persons'] as const,
};

/** A client's photo by version: kept for the whole session (a new photo has a new version, so a new key). */
export const clientPhotoKeys = {
  photo: (patientId: number, version: string) => ['client-photo', patientId, version] as const,
};
