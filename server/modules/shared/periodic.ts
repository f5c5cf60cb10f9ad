// Runs a background job on an interval while the server listens (the ERP sync worker, the orders' automatic
// sign-off). One run at a time per instance: a tick that finds the previous run still going is skipped. Several
// instances run the same job, so each job must be safe to run concurrently with itself.
import type { FastifyInstance } from 'fastify';

export function runPeriodically(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => app.log.warn({ err: error }, `${name} run failed`))
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
