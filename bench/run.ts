// `npm run bench [name...]`: runs the named benchmarks (all when none is named) and prints their figures.
import { bundleBench } from './bundle';
import { exportsBench } from './exports';
import { hotReadsBench } from './hotreads';
import { kpiBench } from './kpi';
import { ordersBench } from './orders';
import { promotionsBench } from './promotions';
import { pushBench } from './push';
import { shellBench } from './shell';
import { soakBench } from './soak';
import { visitsBench } from './visits';

const benches: Record<string, () => Promise<void>> = {
  bundle: bundleBench,
  exports: exportsBench,
  hotreads: hotReadsBench,
  kpi: kpiBench,
  orders: ordersBench,
  promotions: promotionsBench,
  push: pushBench,
  shell: shellBench,
  soak: soakBench,
  visits: visitsBench,
};

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in benches));
  if (unknown.length) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  for (const name of names.length ? names : Object.keys(benches)) {
    console.log(`\n=== bench: ${name}`);
    await benches[name]();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
