import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bull';
import type { Express, RequestHandler } from 'express';

/** The board's page title. */
export const QUEUE_BOARD_TITLE = 'Pix queues';

/**
 * Bull Board's Express app (page, static assets, its JSON API) over the given Bull queues, which are the
 * app's own instances: the same Redis connection and key prefix (`<REDIS_KEY_PREFIX>:bull`), so the
 * board reads and changes exactly the jobs the service runs. `basePath` is where it is mounted.
 */
export function queueBoardRouter(basePath: string, queues: Queue[]): RequestHandler {
  const server = new ExpressAdapter().setBasePath(basePath);
  createBullBoard({
    queues: queues.map((queue) => new BullAdapter(queue)),
    serverAdapter: server,
    // The header's menu leads to the sign-out page (sign-out itself is a POST from that page).
    options: { uiConfig: { boardTitle: QUEUE_BOARD_TITLE, miscLinks: [{ text: 'Sign out', url: `${basePath}/sign-out` }] } },
  });
  const board = server.getRouter() as Express;
  // Mounted as a middleware, the board's Express app inherits none of the service's settings.
  board.disable('x-powered-by');
  return board;
}
