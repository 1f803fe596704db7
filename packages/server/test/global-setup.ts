import type { TestProject } from 'vitest/node';
import { makeTemplates } from './helpers/test-database.ts';

/**
 * Runs the migrations and seeds the demo world once per run: every API test file then starts from a copy
 * (test/helpers/test-database.ts) instead of running initdb, every migration and the seed again.
 */
export default async function setup(project: TestProject) {
  const { cleanup, ...templates } = await makeTemplates(
    project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
  );
  project.provide('databaseTemplates', templates);
  return cleanup;
}
