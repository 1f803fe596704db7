export * from './integrations.ts';
export * from './sync-run.ts';
export * from './schedule.ts';
