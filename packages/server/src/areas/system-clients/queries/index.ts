export * from './clients.ts';
export * from './tokens.ts';
export * from './assertions.ts';
