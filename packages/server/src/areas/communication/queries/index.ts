export * from './reach.ts';
export * from './threads.ts';
export * from './write.ts';
