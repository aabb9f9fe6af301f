import type { DataSource } from 'typeorm';

/** Arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 7_420_111;

/** Applies pending migrations while holding an advisory lock, so parallel starts don't race. */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    // Waiting for another process's migrations is not a stuck statement: no timeout on this session.
    await runner.query('SET statement_timeout = 0');
    await runner.query('SET lock_timeout = 0');
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    // Back to the pool's bounds (the values this connection was opened with).
    await runner.query('RESET statement_timeout; RESET lock_timeout').catch(() => undefined);
    await runner.release();
  }
}

/** Creates the database named in the URL when it does not exist yet (docs/conventions.md §12). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error('DATABASE_URL database name must be alphanumeric, _ or -');
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount)
      await client.query(`CREATE DATABASE "${name}"`).catch((e: { code?: string }) => {
        // Created by a concurrent starter: 42P04 if it committed first, 23505 (pg_database's unique
        // index) if both inserts raced.
        if (e.code !== '42P04' && e.code !== '23505') throw e;
      });
  } finally {
    await client.end();
  }
}
