export * from './constants.ts';
export * from './permissions.ts';
export * from './routes.ts';
export * from './errors.ts';
export * from './person.ts';
export * from './account.ts';
export * from './auth.ts';
export * from './entity.ts';
