/** eTDR: consent and signature of a client for electronic administration records. */
export { default } from './routes.ts';
