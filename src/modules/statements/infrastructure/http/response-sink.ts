import type { Response } from 'express';
import type { StatementSink } from '../../application/statement-sink.js';

/**
 * A statement written into an Express response with backpressure: a chunk the socket cannot take yet is
 * followed only after `drain`. The status and headers go with the first chunk, so a refusal before it is
 * still answered as an error body. A reader that went away fails the next write, which ends the reading.
 */
export class ResponseSink implements StatementSink {
  constructor(
    private readonly res: Response,
    private readonly headers: Record<string, string>,
  ) {}

  get started(): boolean {
    return this.res.headersSent;
  }

  write(chunk: string): Promise<void> {
    const res = this.res;
    if (res.destroyed || res.writableEnded) return Promise.reject(new Error('the statement reader went away'));
    if (!res.headersSent) res.writeHead(200, this.headers);
    if (chunk === '' || res.write(chunk)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const drained = () => {
        res.off('close', closed);
        resolve();
      };
      const closed = () => {
        res.off('drain', drained);
        reject(new Error('the statement reader went away'));
      };
      res.once('drain', drained);
      res.once('close', closed);
    });
  }
}
