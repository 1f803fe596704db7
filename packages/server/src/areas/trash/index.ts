export { default } from './routes.ts';
export { seedDemoTrash } from './demo.ts';
