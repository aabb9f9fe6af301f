// Creates this run's own database and Redis key prefix (the app's migrations run when it boots), and notes
// where the PostgreSQL server log stands, for the teardown's check that no request value reached it.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { locateServerLog, sizeOf } from './server-log.mjs';

export default async function globalSetup() {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dbName = `ips_test_${runId}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  // The server log as it is now: the teardown reads what this run adds to it.
  const serverLog = await locateServerLog(admin);
  await admin.end();
  if (!serverLog) {
    throw new Error('cannot find the PostgreSQL server log, which the e2e suite checks for leaked values: set PG_SERVER_LOG to its path');
  }
  process.env.TEST_PG_LOG = serverLog;
  process.env.TEST_PG_LOG_OFFSET = String(sizeOf(serverLog));
  process.env.TEST_BODIES_FILE = join(tmpdir(), `ips-e2e-bodies-${runId}.jsonl`);
  process.env.TEST_DB_NAME = dbName;
  process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  process.env.REDIS_KEY_PREFIX = `ips_test_${runId}`;
  process.env.NODE_ENV = 'test';
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  process.env.WEBHOOK_SECRETS_KEY = randomBytes(32).toString('hex');
  process.env.SANDBOX_SPI_LATENCY_MS = process.env.SANDBOX_SPI_LATENCY_MS ?? '5';
  process.env.OUTBOX_POLL_MS = '50';
  // Every test client asks for tokens from 127.0.0.1; the token throttle has its own test with a low limit.
  process.env.TOKEN_RATE_LIMIT_PER_MINUTE = '100000';
}
