export * from './administrations.ts';
export * from './agreements.ts';
export * from './inr-values.ts';
export * from './medications.ts';
export * from './organisations.ts';
export * from './patients.ts';
export * from './users.ts';
export type { CommonFilter, Page } from './where.ts';
export * from './practitioners.ts';
