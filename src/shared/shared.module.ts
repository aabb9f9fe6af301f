import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { TokenService } from './auth/token.service.js';
import { OutboxRelay } from './outbox/outbox.relay.js';
import { OutboxSignal } from './outbox/outbox-signal.js';
import { OutboxWriter } from './outbox/outbox.writer.js';
import { SqlOutboxWriter } from './outbox/sql-outbox.writer.js';
import { PipelinedUnitOfWork } from './persistence/pipelined-unit-of-work.js';
import { SqlSession } from './persistence/sql-session.js';
import { UnitOfWork } from './persistence/unit-of-work.js';
import { BullJobPublisher } from './queue/bull-job-publisher.adapter.js';
import { JobPublisher } from './queue/job-publisher.js';
import { QUEUE_SETTLEMENT, QUEUE_WEBHOOKS } from './queue/queue.names.js';
import { IdempotencyKeyPurger } from './idempotency/idempotency-key.purger.js';
import { IdempotencyService } from './idempotency/idempotency.service.js';
import { OutboxPurger } from './outbox/outbox.purger.js';
import { QueueRoutes } from './queue/queue-routes.js';
import { RateLimiterFactory } from './rate-limit/rate-limiter.js';
import { RedisConnection } from './redis/redis.provider.js';

/** The kernel every module may use: config, unit of work, outbox, queues, tokens, rate limits. */
@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.register({}),
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ redis: config.redisUrl, prefix: `${config.redisKeyPrefix}:bull` }),
    }),
    BullModule.registerQueueAsync({
      name: QUEUE_SETTLEMENT,
      inject: [APP_CONFIG],
      // A killed worker's job is found stalled and re-run after about one lock period.
      useFactory: (config: AppConfig) => ({
        settings: { lockDuration: config.settlementLockMs, stalledInterval: config.settlementLockMs, maxStalledCount: 5 },
      }),
    }),
    BullModule.registerQueueAsync({
      name: QUEUE_WEBHOOKS,
      inject: [APP_CONFIG],
      // A try lasts at most the webhook timeout; a killed worker's try is found stalled after about the
      // lock period and runs again. The `webhook` backoff waits as long as the failed run asks
      // (a busy target's deferral) or 5 s (an error of ours, e.g. the database away).
      useFactory: (config: AppConfig) => {
        const lockMs = config.webhookTimeoutMs + 5000;
        return {
          settings: {
            lockDuration: lockMs,
            stalledInterval: lockMs,
            maxStalledCount: 5,
            backoffStrategies: { webhook: (_attempts: number, err: Error & { retryInMs?: number }) => err.retryInMs ?? 5000 },
          },
        };
      },
    }),
  ],
  providers: [
    PipelinedUnitOfWork,
    { provide: UnitOfWork, useExisting: PipelinedUnitOfWork },
    { provide: SqlSession, useExisting: PipelinedUnitOfWork },
    SqlOutboxWriter,
    { provide: OutboxWriter, useExisting: SqlOutboxWriter },
    OutboxSignal,
    OutboxRelay,
    QueueRoutes,
    { provide: JobPublisher, useClass: BullJobPublisher },
    RedisConnection,
    RateLimiterFactory,
    TokenService,
    JwtStrategy,
    IdempotencyService,
    // The kernel's tables' retention (found by housekeeping's purge).
    IdempotencyKeyPurger,
    OutboxPurger,
  ],
  exports: [
    IdempotencyService,
    UnitOfWork,
    SqlSession,
    SqlOutboxWriter,
    OutboxWriter,
    OutboxSignal,
    OutboxRelay,
    QueueRoutes,
    JobPublisher,
    RedisConnection,
    RateLimiterFactory,
    TokenService,
    BullModule,
  ],
})
export class SharedModule {}
