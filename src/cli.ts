import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { parseArgs } from './cli/cli-args.js';
import { runCommand } from './cli/cli-commands.js';
import { loadConfig } from './config/app.config.js';
import { DomainError } from './shared/errors/domain-error.js';
import { ensureDatabase, runMigrationsLocked } from './database/migrate.js';
import { Money } from './shared/money/money.js';

/** `npm run cli -- <command> --flags`: prints one JSON object on stdout (docs/conventions.md §1). */
async function main(): Promise<void> {
  const { command, flags } = parseArgs(process.argv.slice(2));
  if (flags.balance !== undefined && !Money.isValidAmount(flags.balance)) {
    throw new Error('--balance must be a decimal string such as 100.00');
  }
  // The CLI never relays the outbox or consumes queues: that is a server's job.
  const config = { ...loadConfig(), appRole: 'api' as const, logLevel: 'silent' };
  await ensureDatabase(config.databaseUrl);
  const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: false });
  try {
    if (config.migrationsRun) await runMigrationsLocked(app.get(DataSource));
    const result = await runCommand(app, command, flags);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  const body =
    err instanceof DomainError
      ? { error: { code: err.code, message: err.message } }
      : { error: { code: 'CLI_ERROR', message: err instanceof Error ? err.message : String(err) } };
  process.stderr.write(`${JSON.stringify(body)}\n`);
  process.exit(1);
});
