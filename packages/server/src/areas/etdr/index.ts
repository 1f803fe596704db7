/** eTDR: consent and signature of a client for electronic administration records. */
export { default } from './routes.ts';

// What other areas may use.
export { DEMO_SIGNATURE_PNG, seedDemoAuthorisations, seedDemoConsents } from './demo.ts';
export { ERASED_SIGNATURE_PNG, latestConsent } from './consents.ts';
