import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './config/app.config.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { ensureDatabase, runMigrationsLocked } from './database/migrate.js';

/**
 * `node dist/src/migrate.js`: creates the database if needed and applies pending migrations, then exits.
 * The one-shot `migrate` service of docker/docker-compose.yml runs it before the api and the worker
 * start (they run with MIGRATIONS_RUN=false). It needs neither Redis nor the dev dependencies.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const dataSource = await new DataSource(dataSourceOptions(config)).initialize();
  try {
    const applied = await runMigrationsLocked(dataSource);
    console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'no pending migration');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
