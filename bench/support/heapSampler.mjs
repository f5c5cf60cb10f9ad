// Loaded into the server under the soak bench (NODE_OPTIONS=--expose-gc --import this file): every
// BENCH_SAMPLE_MS it collects garbage, then appends the process's memory as a JSON line to BENCH_HEAP_LOG.
// Only the process that runs server/main.ts samples (tsx's launcher process gets the same NODE_OPTIONS).
import { appendFileSync } from 'node:fs';

const log = process.env.BENCH_HEAP_LOG;
const every = Number(process.env.BENCH_SAMPLE_MS ?? 60_000);
if (log && process.argv[1]?.endsWith('server/main.ts') && typeof globalThis.gc === 'function') {
  const started = Date.now();
  const sample = () => {
    globalThis.gc();
    const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(
      log,
      `${JSON.stringify({ at: Date.now() - started, heapUsed, rss, external, arrayBuffers })}\n`,
    );
  };
  setInterval(sample, every).unref();
}
