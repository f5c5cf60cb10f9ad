// The set-up most server test files share, as one call inside their describe: a seeded database on the given
// back end, the app listening on a free port, a client, and tokens of the demo accounts (each signed in once).
import type { DatabaseKind, Database } from '../../db';
import { apiClient, loginAs, openSeededDatabase, type ApiClient } from './auth';
import type { TestDatabase } from './database';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export interface TestServerContext {
  database: Database;
  server: TestServer;
  client: ApiClient;
  /** The token of a signed-in demo account; signs in on first use. */
  tokenOf(username: string): Promise<string>;
}

/**
 * Registers beforeAll/afterAll of the enclosing describe; the context's fields are there from beforeAll on.
 * `businessData` adds the business demo (products, customers, stock) to the seed.
 */
export function useTestServer(
  backend: DatabaseKind,
  { businessData = false, ...options }: Omit<TestServerOptions, 'database'> & { businessData?: boolean } = {},
): TestServerContext {
  let testDatabase: TestDatabase | undefined;
  const tokens = new Map<string, Promise<string>>();
  const context = {
    tokenOf(username: string) {
      let token = tokens.get(username);
      if (!token) {
        token = loginAs(context.client, username);
        tokens.set(username, token);
      }
      return token;
    },
  } as TestServerContext;
  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend, { businessData });
    context.database = testDatabase.database;
    context.server = await startTestServer({ ...options, database: context.database });
    context.client = apiClient(context.server.baseUrl);
  });
  // Closing waits for the background jobs the server started to let go: longer than a test on a busy machine.
  afterAll(async () => {
    await context.server?.close();
    await testDatabase?.dispose();
  }, 180_000);
  return context;
}
