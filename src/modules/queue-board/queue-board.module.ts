import { getQueueToken } from '@nestjs/bull';
import { Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { Queue } from 'bull';
import type { RequestHandler } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { CredentialThrottle } from '../../shared/auth/credential-throttle.js';
import { CredentialVerifier } from '../../shared/auth/credential-verifier.js';
import { PrincipalGuard } from '../../shared/auth/principal.guard.js';
import { QUEUE_NAMES } from '../../shared/queue/queue.names.js';
import { RateLimiterFactory } from '../../shared/rate-limit/rate-limiter.js';
import { RedisConnection } from '../../shared/redis/redis.provider.js';
import { Clock } from '../../shared/time/clock.js';
import { IdentityModule } from '../identity/identity.module.js';
import { BoardSessionStore } from './application/board-session.js';
import { BoardSessions } from './application/board-sessions.js';
import { QUEUE_BOARD_ROUTE } from './infrastructure/http/board-permission.js';
import { QueueBoardAccess } from './infrastructure/http/queue-board-access.js';
import { QueueBoardSignIn } from './infrastructure/http/queue-board-sign-in.js';
import { queueBoardRouter } from './infrastructure/http/queue-board.router.js';
import { RedisBoardSessionStore } from './infrastructure/persistence/redis-board-session-store.adapter.js';

export { QUEUE_BOARD_ROUTE };

const QUEUE_BOARD_ROUTER = Symbol('QUEUE_BOARD_ROUTER');

/**
 * Bull Board at /admin/queues, for admins only: every queue of `QUEUE_NAMES` (the Bull queues
 * SharedModule registers), behind a sign-in page that turns the admin's key pair into a short session,
 * or an admin bearer token for scripts. Mounted in processes that serve the API (`APP_ROLE` `api` or
 * `all`; docs/adr/0182-queue-board-roles.md). Wired here rather than through `@bull-board/nestjs`, which is
 * CommonJS requiring Nest 12's ESM-only packages (docs/adr/0186-queue-board-wiring.md).
 */
@Module({
  imports: [IdentityModule],
  providers: [
    // The app's own guard, run by the board's middleware (Nest's global guard never sees a middleware).
    PrincipalGuard,
    QueueBoardAccess,
    QueueBoardSignIn,
    {
      provide: BoardSessionStore,
      inject: [RedisConnection, APP_CONFIG],
      useFactory: (redis: RedisConnection, config: AppConfig) => new RedisBoardSessionStore(redis.client, config.redisKeyPrefix),
    },
    {
      provide: BoardSessions,
      inject: [BoardSessionStore, CredentialVerifier, RateLimiterFactory, Clock, APP_CONFIG],
      useFactory: (store: BoardSessionStore, verifier: CredentialVerifier, limiters: RateLimiterFactory, clock: Clock, config: AppConfig) =>
        // The token endpoint's failure budgets: signing in is a credential check like it.
        new BoardSessions(store, verifier, new CredentialThrottle(limiters, config), clock, config.queueBoardSessionTtlSeconds),
    },
    {
      provide: QUEUE_BOARD_ROUTER,
      inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
      useFactory: (...queues: Queue[]) => queueBoardRouter(QUEUE_BOARD_ROUTE, queues),
    },
  ],
})
export class QueueBoardModule implements NestModule {
  constructor(
    private readonly access: QueueBoardAccess,
    private readonly signIn: QueueBoardSignIn,
    @Inject(QUEUE_BOARD_ROUTER) private readonly board: RequestHandler,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    // Every path under the route: the sign-in pages answer for themselves; everything else (page, assets,
    // the board's API) passes the access check, then reaches the board.
    consumer.apply(this.signIn.middleware, this.access.middleware, this.board).forRoutes(QUEUE_BOARD_ROUTE);
  }
}
