import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const MAIN = resolve(process.cwd(), 'dist/src/main.js');

/**
 * A real worker process (the compiled app, APP_ROLE=worker) on this run's database and Redis prefix,
 * with extra environment variables; kill it with `SIGKILL` to simulate a crash.
 */
export function spawnWorker(env: Record<string, string>): ChildProcess {
  if (!existsSync(MAIN)) throw new Error('dist/src/main.js is missing: npm test builds it before the e2e suite');
  return spawn(process.execPath, [MAIN], {
    env: { ...process.env, APP_ROLE: 'worker', PORT: '0', MIGRATIONS_RUN: 'false', LOG_LEVEL: 'silent', ...env },
    stdio: 'ignore',
  });
}
