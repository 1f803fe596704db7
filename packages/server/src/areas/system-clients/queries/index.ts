export * from './clients.ts';
export * from './tokens.ts';
