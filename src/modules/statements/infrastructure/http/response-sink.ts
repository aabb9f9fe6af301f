import type { Response } from 'express';
import type { StatementSink } from '../../application/statement-sink.js';

/**
 * A statement written into an Express response with backpressure: a chunk the socket cannot take yet is
 * followed only after `drain`. The status and headers go with the first chunk, so a refusal before it is
 * still answered as an error body. A reader that went away fails the next write, which ends the reading; so
 * does one that takes nothing for `stallMs` (docs/adr/0239-statements-read-in-pages-from-a-cut.md).
 */
export class ResponseSink implements StatementSink {
  constructor(
    private readonly res: Response,
    private readonly headers: Record<string, string>,
    private readonly stallMs: number,
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
      const settle = (err?: Error) => {
        clearTimeout(timer);
        res.off('drain', drained);
        res.off('close', closed);
        if (err) reject(err);
        else resolve();
      };
      const drained = () => settle();
      const closed = () => settle(new Error('the statement reader went away'));
      const timer = setTimeout(() => settle(new Error(`the statement reader took nothing for ${this.stallMs} ms`)), this.stallMs);
      res.once('drain', drained);
      res.once('close', closed);
    });
  }
}
