import { defineConfig } from 'drizzle-kit';

// Generated migrations live in ./drizzle and are never edited by hand (custom ones via --custom).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
