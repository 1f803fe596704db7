/**
 * The tables in one import, for the test helpers (`import * as s from '../../src/schema.ts'`). drizzle-kit does not
 * read this file (drizzle.config.ts finds every `*schema.ts` of the platform and the areas), so a new area's
 * table needs a line here only when a shared helper reads it; its own tests import its schema file.
 */
export * from './platform/db/schema/organisations.ts';
export * from './areas/persons/schema.ts';
export * from './areas/accounts/schema.ts';
export * from './areas/accounts/groups-schema.ts';
export * from './areas/accounts/ip-allow-list-schema.ts';
export * from './areas/auth/sessions-schema.ts';
export * from './platform/db/schema/audit.ts';
export * from './platform/db/schema/mail.ts';
export * from './platform/db/schema/attempts.ts';
export * from './platform/db/schema/idempotency.ts';
export * from './areas/auth/schema.ts';
export * from './areas/medication/schema.ts';
export * from './areas/medication/planned-schema.ts';
export * from './areas/medication/client-list-versions-schema.ts';
export * from './areas/administration/schema.ts';
export * from './areas/administration/days-schema.ts';
export * from './areas/administration/list-versions-schema.ts';
export * from './areas/administration/scans-schema.ts';
export * from './areas/etdr/schema.ts';
export * from './areas/trombosis/schema.ts';
export * from './areas/orders/schema.ts';
export * from './areas/baxter/schema.ts';
export * from './areas/documents/schema.ts';
export * from './areas/communication/schema.ts';
export * from './areas/vp/schema.ts';
export * from './areas/integrations/schema.ts';
export * from './areas/system-clients/schema.ts';
export * from './areas/diagrams/schema.ts';
