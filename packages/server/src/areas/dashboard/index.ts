export { default } from './routes.ts';
export type { TileDefinition } from './tile.ts';
