// Points the file at its worker's server (and database), started by globalSetup.ts: E2E_BASE_URL and, on
// PostgreSQL, E2E_DATABASE_URL. A worker runs its files one at a time, so they never share a server with a
// file running at the same moment.
import { E2E_SERVERS_ENV } from './support/server';

const servers = JSON.parse(process.env[E2E_SERVERS_ENV] ?? '[]') as Array<{
  url: string;
  databaseUrl?: string;
}>;
const worker = Number(process.env.JEST_WORKER_ID ?? '1');
const server = servers[(worker - 1) % servers.length];
if (!server) throw new Error('no e2e server: globalSetup.ts starts one per worker');
process.env.E2E_BASE_URL = server.url;
if (server.databaseUrl) process.env.E2E_DATABASE_URL = server.databaseUrl;
