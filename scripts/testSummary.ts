// The end of `npm test`: where the time went (each run's wall clock, each project's files added up, the ten
// slowest files), then the plain closing line CI reads, "tests: N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

interface JestFileResult {
  name: string;
  startTime: number;
  endTime: number;
}

interface JestRun {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: JestFileResult[];
}

const ROOT = path.resolve(__dirname, '..');
const RUNS = ['units', 'e2e'];

function readRun(run: string): JestRun | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, '.cache', `jest-${run}.json`), 'utf8')) as JestRun;
  } catch {
    return undefined;
  }
}

/** The project of a test file, from where it lives (jest.config.js's roots). */
function projectOf(file: string): string {
  if (file.startsWith('e2e/')) return 'e2e';
  if (file.startsWith('server/')) return 'server';
  return 'spa';
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const runs = RUNS.map((name) => ({ name, result: readRun(name) }));
const files = runs.flatMap(({ result }) =>
  (result?.testResults ?? []).map((file) => ({
    file: path.relative(ROOT, file.name),
    ms: file.endTime - file.startTime,
  })),
);

for (const { name, result } of runs) {
  if (!result || result.testResults.length === 0) continue;
  const wall =
    Math.max(...result.testResults.map((file) => file.endTime)) -
    Math.min(...result.testResults.map((file) => file.startTime));
  const projects = new Map<string, { count: number; ms: number }>();
  for (const file of result.testResults) {
    const project = projectOf(path.relative(ROOT, file.name));
    const total = projects.get(project) ?? { count: 0, ms: 0 };
    projects.set(project, { count: total.count + 1, ms: total.ms + file.endTime - file.startTime });
  }
  const perProject = [...projects]
    .map(([project, { count, ms }]) => `${project}: ${count} files, ${seconds(ms)} in all`)
    .join('; ');
  console.log(`time of the ${name} run: ${seconds(wall)} (${perProject})`);
}
if (files.length > 0) {
  console.log('slowest files:');
  for (const { file, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`${seconds(ms).padStart(9)}  ${file}`);
  }
}

const sum = (key: 'numPassedTests' | 'numFailedTests' | 'numPendingTests' | 'numTodoTests') =>
  runs.reduce((total, { result }) => total + (result ? result[key] : 0), 0);
const skipped = sum('numPendingTests') + sum('numTodoTests');
const missing = runs.some(({ result }) => !result) ? ' (a run wrote no results)' : '';
console.log(
  `tests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed` +
    (skipped ? `, ${skipped} skipped` : '') +
    missing,
);
