import { defineConfig } from 'drizzle-kit';

// Generated migrations live in ./drizzle and are never edited by hand (custom ones via --custom). The tables are
// found by their files' names: the platform's schema folder and every area's `*schema.ts`, so a new area's table
// cannot be left out of its migration and needs no line elsewhere.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/schema/*.ts', './src/areas/*/*schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
