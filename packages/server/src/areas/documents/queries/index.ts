export * from './documents.ts';
export * from './files.ts';
