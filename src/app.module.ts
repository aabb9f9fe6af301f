import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { IncomingMessage } from 'node:http';
import { APP_CONFIG, type AppConfig } from './config/app.config.js';
import { ConfigModule } from './config/config.module.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { EventCatalogueModule } from './events.catalogue.module.js';
import { ApiPixModule } from './modules/api-pix/api-pix.module.js';
import { CashInModule } from './modules/cash-in/cash-in.module.js';
import { CashOutModule } from './modules/cash-out/cash-out.module.js';
import { SettlementWorkerModule } from './modules/cash-out/settlement-worker.module.js';
import { FeesModule } from './modules/fees/fees.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { HousekeepingModule } from './modules/housekeeping/housekeeping.module.js';
import { IdentityModule } from './modules/identity/identity.module.js';
import { KeysModule } from './modules/keys/keys.module.js';
import { LedgerModule } from './modules/ledger/ledger.module.js';
import { LimitsModule } from './modules/limits/limits.module.js';
import { MedModule } from './modules/med/med.module.js';
import { P2pModule } from './modules/p2p/p2p.module.js';
import { PayloadLocationModule } from './modules/payload-location/payload-location.module.js';
import { QueueBoardModule } from './modules/queue-board/queue-board.module.js';
import { ReversalsModule } from './modules/reversals/reversals.module.js';
import { ReversalsWorkerModule } from './modules/reversals/reversals-worker.module.js';
import { MedWorkerModule } from './modules/med/med-worker.module.js';
import { OnboardingModule } from './modules/onboarding/onboarding.module.js';
import { SandboxModule } from './modules/sandbox/sandbox.module.js';
import { StatementsModule } from './modules/statements/statements.module.js';
import { TransactionsModule } from './modules/transactions/transactions.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { WebhooksWorkerModule } from './modules/webhooks/webhooks-worker.module.js';
import { PrincipalGuard } from './shared/auth/principal.guard.js';
import { HttpExceptionFilter } from './shared/errors/http-exception.filter.js';
import { SharedModule } from './shared/shared.module.js';
import { MetricsModule } from './shared/metrics/metrics.module.js';
import { completionFields } from './shared/logging/access-log.js';
import { errorForLog, redactUrl } from './shared/logging/redaction.js';
import type { Clock } from './shared/time/clock.js';

/** What tests (and only tests) may swap: the clock, and where logs go. */
export interface AppOptions {
  clock?: Clock;
  logStream?: NodeJS.WritableStream;
}

/** Headers and fields that must never reach a log line. */
const REDACT = ['req.headers.authorization', 'req.headers["x-secret-key"]', 'req.headers.cookie', 'res.headers["set-cookie"]'];

@Module({})
export class AppModule {
  /** The whole service; simulation endpoints only under the sandbox provider. Tests may pass their own clock. */
  static register(config: AppConfig, { clock, logStream }: AppOptions = {}): DynamicModule {
    const pinoHttp = {
      level: config.logLevel,
      genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id: string }).id,
      redact: { paths: REDACT, censor: '[redacted]' },
      // No personal data in logs: key values leave the URL, errors lose their SQL parameters and details.
      serializers: {
        req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        err: errorForLog,
      },
      // The caller's id goes into the completion line itself: no child loggers per request for it.
      customSuccessObject: (req: IncomingMessage, _res: unknown, fields: Record<string, unknown>) => completionFields(req, fields),
      customErrorObject: (req: IncomingMessage, _res: unknown, _err: Error, fields: Record<string, unknown>) =>
        completionFields(req, fields),
      // Below info, request lines are not logged at all (no per-request work for them).
      autoLogging: ['trace', 'debug', 'info'].includes(config.logLevel),
    };
    // Logs are written asynchronously (buffered), off the request's path.
    const destination = logStream ?? pino.destination({ sync: false });
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, clock),
        LoggerModule.forRoot({ pinoHttp: [pinoHttp, destination] }),
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (cfg: AppConfig) => dataSourceOptions(cfg),
        }),
        SharedModule,
        EventCatalogueModule,
        MetricsModule.register(config),
        IdentityModule,
        LedgerModule,
        TransactionsModule,
        StatementsModule,
        HealthModule,
        HousekeepingModule,
        OnboardingModule.register(config.pixProvider),
        CashOutModule,
        CashInModule,
        P2pModule,
        MedModule,
        ReversalsModule,
        FeesModule,
        LimitsModule,
        KeysModule,
        WebhooksModule,
        ...(config.appRole === 'api' ? [] : [SettlementWorkerModule, ReversalsWorkerModule, MedWorkerModule, WebhooksWorkerModule]),
        // The queue dashboard goes with the API's HTTP (a worker's port serves only probes):
        // docs/adr/0182-queue-board-roles.md.
        ...(config.appRole === 'worker' ? [] : [QueueBoardModule]),
        // Payers' institutions read our QR codes' payloads from the API processes (docs/adr/0205-payload-location.md).
        ...(config.appRole === 'worker' ? [] : [PayloadLocationModule.register(config)]),
        // The Central Bank's API Pix over the same charges (docs/adr/0227-api-pix-beside-the-client-api.md).
        ...(config.appRole === 'worker' ? [] : [ApiPixModule]),
        ...(config.pixProvider === 'sandbox' ? [SandboxModule] : []),
      ],
      providers: [
        { provide: APP_GUARD, useClass: PrincipalGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
