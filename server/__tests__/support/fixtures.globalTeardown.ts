// The server project's global teardown: removes this run's fixtures, the PGlite dumps and the template databases.
import fs from 'node:fs';
import { dropFixtureTemplates, FIXTURE_RUN_ENV, fixtureFolder } from './database';

export default async function fixturesGlobalTeardown(): Promise<void> {
  const run = process.env[FIXTURE_RUN_ENV];
  if (run === undefined) return;
  fs.rmSync(fixtureFolder(run), { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) await dropFixtureTemplates(run);
}
