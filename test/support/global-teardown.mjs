// Checks that the whole suite left the journal balanced and the PostgreSQL server log free of request
// values, then drops this run's database and Redis keys.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';
import { codeText, distinctiveValues, recordsSince } from './server-log.mjs';

/**
 * Every string the suite's request bodies carried that the server log of this run's databases holds. Values
 * travel as bound parameters, and Postgres logs no parameter by default (log_parameter_max_length_on_error
 * is 0), so a failing statement is logged as its text with $1, $2, ...; a value can still get there in an
 * error's DETAIL (a unique violation names the duplicate key), which the repositories avoid.
 */
function leakedValues() {
  const file = process.env.TEST_BODIES_FILE;
  const log = process.env.TEST_PG_LOG;
  if (!log || !process.env.TEST_DB_NAME) return null;
  const values =
    file && existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .flatMap((l) => JSON.parse(l))
      : [];
  if (file) rmSync(file, { force: true });
  const wanted = distinctiveValues(values);
  const records = recordsSince(log, Number(process.env.TEST_PG_LOG_OFFSET ?? 0), process.env.TEST_DB_NAME);
  const text = records.join('\n');
  const found = wanted.filter((value) => text.includes(value));
  // A value that is also a literal of the code (an enum value, a word of a statement) is not a user's.
  const code = found.length > 0 ? codeText(new URL('../../src', import.meta.url).pathname) : '';
  const leaks = found.filter((value) => !code.includes(value)).map((value) => ({ value, record: records.find((r) => r.includes(value)) }));
  return { looked: wanted.length, records: records.length, leaks };
}

/** The invariant of GET /api/v1/admin/ledger/verify, over everything the suite did. */
async function verifyLedger(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: journals } = await db.query('SELECT journal_id FROM postings GROUP BY journal_id HAVING SUM(amount) <> 0');
    const { rows: accounts } = await db.query(`
      SELECT a.id FROM ledger_accounts a
      LEFT JOIN (SELECT account_id,
                        COALESCE(SUM(amount) FILTER (WHERE bucket = 'available'), 0) AS available,
                        COALESCE(SUM(amount) FILTER (WHERE bucket = 'blocked'), 0) AS blocked
                 FROM postings WHERE account_id IS NOT NULL GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.available <> COALESCE(p.available, 0) OR a.blocked <> COALESCE(p.blocked, 0)`);
    const {
      rows: [{ n }],
    } = await db.query('SELECT COUNT(*)::int AS n FROM journals');
    return { journals: n, unbalanced: journals.length, mismatched: accounts.length };
  } finally {
    await db.end();
  }
}

export default async function globalTeardown() {
  const dbName = process.env.TEST_DB_NAME;
  const log = leakedValues();
  let ledger;
  if (dbName) {
    // A test file may have failed before migrating; then there is no ledger to check.
    ledger = await verifyLedger(process.env.DATABASE_URL).catch((e) => (e.code === '42P01' ? null : { error: e }));
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
  const prefix = process.env.REDIS_KEY_PREFIX;
  if (prefix && prefix.startsWith('ips_test_')) {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      // `${prefix}_…` covers the suites that use a prefix of their own (e.g. the token throttle).
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  }
  if (log) {
    console.log(
      `server log of this run's databases: ${log.records} records, ${log.looked} distinct request-body values looked for, ${log.leaks.length} found`,
    );
    if (log.leaks.length > 0) {
      for (const { value, record } of log.leaks.slice(0, 10)) console.log(`  ${JSON.stringify(value)} in: ${record.slice(0, 400)}`);
      throw new Error('a value of a request body reached the PostgreSQL server log');
    }
  }
  if (ledger?.error) throw ledger.error;
  if (ledger) {
    console.log(
      `\nledger after the whole suite: ${ledger.journals} journals, ${ledger.unbalanced} unbalanced, ${ledger.mismatched} mismatched balances`,
    );
    if (ledger.unbalanced > 0 || ledger.mismatched > 0) throw new Error('the test suite left the journal unbalanced');
  }
}
