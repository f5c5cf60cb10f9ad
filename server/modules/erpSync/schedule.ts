// Runs the sync worker on an interval while the server listens. One run at a time per instance; several
// instances share the queue safely (tasks are claimed with SKIP LOCKED).
import type { FastifyInstance } from 'fastify';
import { runDueSyncTasks } from './worker';

export function startSyncWorker(app: FastifyInstance, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = runDueSyncTasks(app.database.db, app.erpRuntime)
      .catch((error: unknown) => app.log.warn({ err: error }, 'ERP sync run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
