export * from './integrations.ts';
export * from './sync-run.ts';
