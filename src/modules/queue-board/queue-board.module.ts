import { getQueueToken } from '@nestjs/bull';
import { Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { Queue } from 'bull';
import type { RequestHandler } from 'express';
import { PrincipalGuard } from '../../shared/auth/principal.guard.js';
import { QUEUE_NAMES } from '../../shared/queue/queue.names.js';
import { IdentityModule } from '../identity/identity.module.js';
import { QUEUE_BOARD_ROUTE } from './infrastructure/http/board-permission.js';
import { QueueBoardAccess } from './infrastructure/http/queue-board-access.js';
import { queueBoardRouter } from './infrastructure/http/queue-board.router.js';

export { QUEUE_BOARD_ROUTE };

const QUEUE_BOARD_ROUTER = Symbol('QUEUE_BOARD_ROUTER');

/**
 * Bull Board at /admin/queues, for admins only: every queue of `QUEUE_NAMES` (the Bull queues
 * SharedModule registers). Mounted in processes that serve the API (`APP_ROLE` `api` or `all`;
 * docs/decisions.md, "Queue dashboard"). Wired here rather than through `@bull-board/nestjs`, which is
 * CommonJS requiring Nest 12's ESM-only packages (docs/decisions.md).
 */
@Module({
  imports: [IdentityModule],
  providers: [
    // The app's own guard, run by the board's middleware (Nest's global guard never sees a middleware).
    PrincipalGuard,
    QueueBoardAccess,
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
    @Inject(QUEUE_BOARD_ROUTER) private readonly board: RequestHandler,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    // Every path under the route (page, assets, the board's API): the access check first, then the board.
    consumer.apply(this.access.middleware, this.board).forRoutes(QUEUE_BOARD_ROUTE);
  }
}
