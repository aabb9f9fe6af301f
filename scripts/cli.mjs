#!/usr/bin/env node
// `npm run cli -- <command> --flags`: runs the CLI from the built output (dist/) without rebuilding.
// It builds only when dist/src/cli.js is missing, once, under an exclusive lock: concurrent first calls
// wait for that one build instead of racing on dist/, and a call never rebuilds under a running server.
// After changing code, run `npm run build` yourself.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'dist', 'src', 'cli.js');
/**
 * A directory: mkdir is atomic, so exactly one process creates it. It holds the builder's pid. One per
 * checkout (keyed by its path), outside it so it never shows in git or in a copied tree.
 */
const LOCK = join(tmpdir(), `instant-payments-cli-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 16)}.lock`);
const OWNER = join(LOCK, 'pid');
/** A lock older than this is abandoned whatever its pid says (a build takes seconds). */
const STALE_MS = 10 * 60_000;
const POLL_MS = 100;

function tryLock() {
  try {
    mkdirSync(LOCK);
  } catch (err) {
    if (err.code === 'EEXIST') return false;
    throw err;
  }
  writeFileSync(OWNER, String(process.pid));
  return true;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The builder died (killed, crashed) without removing its lock, or the lock is far too old. */
function lockIsStale() {
  try {
    const pid = Number(readFileSync(OWNER, 'utf8'));
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) return true;
  } catch {
    // No pid yet: the owner is between mkdir and writing it; only age can tell.
  }
  try {
    return Date.now() - statSync(LOCK).mtimeMs > STALE_MS;
  } catch {
    return false; // released meanwhile
  }
}

function build() {
  process.stderr.write('dist/ is missing: building once (npm run build)...\n');
  // The build's output goes to stderr: stdout carries only the command's JSON.
  const res = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (res.status !== 0) throw new Error(`npm run build failed (${res.error?.message ?? `exit ${res.status}`})`);
  if (!existsSync(ENTRY)) throw new Error(`npm run build did not produce ${ENTRY}`);
}

async function ensureBuilt() {
  for (;;) {
    // Entry first, lock second: an entry seen while no build holds the lock is a finished build.
    if (existsSync(ENTRY) && !existsSync(LOCK)) return;
    if (tryLock()) {
      try {
        if (!existsSync(ENTRY)) build();
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
      return;
    }
    if (lockIsStale()) rmSync(LOCK, { recursive: true, force: true });
    else await sleep(POLL_MS);
  }
}

try {
  await ensureBuilt();
} catch (err) {
  process.stderr.write(`${JSON.stringify({ error: { code: 'CLI_BUILD_FAILED', message: err.message } })}\n`);
  process.exit(1);
}
// Relative paths (data/, PARTICIPANTS_FILE) resolve from the project root, as under `npm run cli`.
process.chdir(ROOT);
// Node 22+: cache compiled code between calls (a no-op where unavailable).
module.enableCompileCache?.();
// Same process, same argv: dist/src/cli.js reads process.argv.slice(2) and sets the exit code.
await import(pathToFileURL(ENTRY).href);
