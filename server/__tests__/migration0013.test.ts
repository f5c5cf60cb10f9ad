import { CompiledQuery, type RootOperationNode } from 'kysely';
import { FAILED_SYNC_INDEX } from '../db/migrations/0013_failed_sync_count';
import { failedSyncTasksOf } from '../modules/erpSync/failedTasks';
import { openSeededDatabase } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';

describe.each(testBackends())('migration 0013 (the failed-sync count) on %s', (backend) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend, { businessData: true });
  });
  afterAll(() => testDatabase.dispose());

  it('answers the failed count from its index alone and the page in the index order', async () => {
    const { db } = testDatabase.database;
    const plans = await db.transaction().execute(async (trx) => {
      // The demo's few hundred tasks fit in a page or two, where a scan of the table is cheaper: the planner
      // is told to prefer indexes, as it does by itself at volume (bench/README.md has the 200,000-order plans).
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      await trx.executeQuery(CompiledQuery.raw('set local enable_bitmapscan = off'));
      const nodes: RootOperationNode[] = [];
      const watched = trx.withPlugin({
        transformQuery: ({ node }) => {
          nodes.push(node);
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const page = await failedSyncTasksOf(watched, 'A01', {
        direction: 0,
        pageNumber: 0,
        size: 10,
        includeIgnore: false,
      });
      expect(page.total).toBeGreaterThan(0);
      const explained: string[] = [];
      for (const node of nodes) {
        const compiled = trx.getExecutor().compileQuery(node, { queryId: 'explain' });
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...compiled,
          sql: `explain ${compiled.sql}`,
        });
        explained.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
      return explained;
    });
    const [count, records] = plans;
    expect(count).toContain(`Index Only Scan using ${FAILED_SYNC_INDEX}`);
    expect(records).toContain(`Index Scan using ${FAILED_SYNC_INDEX}`);
    expect(records).not.toContain('Sort');
  });
});
