// The server project's global set-up: names this run's fixtures (see database.ts), so they are built once for
// the run and never reused by a later one.
import { randomBytes } from 'node:crypto';
import { FIXTURE_RUN_ENV } from './database';

export default function fixturesGlobalSetup(): void {
  process.env[FIXTURE_RUN_ENV] = randomBytes(4).toString('hex');
}
