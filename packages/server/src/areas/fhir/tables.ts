/**
 * The tables this area's code reads. It owns none: the FHIR interface is a read-only view of the
 * medication, administration and trombosis records, read in joins through their schema files.
 */
export { accountRoles, accounts, roles } from '../accounts/schema.ts';
export { administrations } from '../administration/schema.ts';
export { medicationAgreements, medications, patients } from '../medication/schema.ts';
export { persons } from '../persons/schema.ts';
export { inrValues } from '../trombosis/schema.ts';
export { entities, networkLinks } from '../../platform/db/schema/organisations.ts';
