export * from './agreements.ts';
export * from './catalogue.ts';
export * from './consent.ts';
export * from './departments.ts';
export * from './patients.ts';
export * from './planned.ts';
