// Runs `node --import tsx server/main.ts` as a child process, as an operator would (npm start), and watches its
// output.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts the server with exactly `env` on top of PATH and HOME: nothing of the test process's own
 * environment (DATABASE_URL, NODE_OPTIONS ...) leaks in.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    listeners.forEach((listener) => listener());
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      // A promise settles once: whichever of match, exit or timeout comes first wins.
      const settle = (result: RegExpMatchArray | Error) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const check = () => {
        const match = output.match(pattern);
        if (match) settle(match);
      };
      // A server that did not get there in time is stopped: left running, it would hold a core for the rest of the run.
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        settle(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      void exited.then(() => {
        check();
        settle(new Error(`exited before printing ${pattern}:\n${output}`));
      });
      check();
    });

  return { child, output: () => output, waitFor, exited };
}
