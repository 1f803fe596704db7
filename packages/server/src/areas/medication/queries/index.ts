export * from './agreements.ts';
export * from './patients.ts';
