export * from './organisations.ts';
export * from './persons.ts';
export * from './accounts.ts';
export * from './groups.ts';
export * from './sessions.ts';
export * from './audit.ts';
export * from './account-security.ts';
