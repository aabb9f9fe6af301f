import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app.config.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { DB_POOL_MAX } from '../shared/persistence/pool-size.js';

/** The one TypeORM configuration: explicit entities and migrations, never `synchronize`. */
export function dataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'dbStatementTimeoutMs' | 'dbLockTimeoutMs' | 'dbPoolTimeoutMs' | 'dbIdleInTransactionTimeoutMs'>,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    installExtensions: false,
    // Every statement, lock wait and pool wait is bounded (docs/adr/0078-every-wait-is-bounded.md).
    extra: {
      max: DB_POOL_MAX,
      // The driver's pipeline mode: a statement is written without waiting for the answer to the one
      // before, each with its own Sync, so it fails on its own (PipelinedUnitOfWork, docs/architecture.md).
      pipeline: true,
      statement_timeout: config.dbStatementTimeoutMs,
      lock_timeout: config.dbLockTimeoutMs,
      // A backstop: no code path leaves a transaction open while it waits on something else (a slow reader, a
      // remote call), and a session that did would be ended here rather than hold its locks and connection.
      idle_in_transaction_session_timeout: config.dbIdleInTransactionTimeoutMs,
      connectionTimeoutMillis: config.dbPoolTimeoutMs,
      // Every transaction is READ COMMITTED by the session's default, whatever the server's default is,
      // so opening one is a single `START TRANSACTION` round trip (no `SET TRANSACTION ...` after it).
      options: '-c default_transaction_isolation=read\\ committed',
    },
  };
}
