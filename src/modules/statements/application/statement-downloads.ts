import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { RateLimitedError } from '../../../shared/rate-limit/rate-limiter.js';

/** Seconds a refused download is told to wait: a statement of a busy year takes about this long to stream. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The statement downloads this process serves at once: at most `perClient` of one client's and `perProcess` in
 * all. Each download reads its pages one connection at a time, so together they never hold more than
 * `perProcess` of the pool's connections, however slow their readers (docs/adr/0239-statements-read-in-pages-from-a-cut.md).
 * Counted per process, as the connections it protects are.
 */
@Injectable()
export class StatementDownloads {
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'statementDownloads'>) {}

  /** Takes a place for `clientId`'s download, or refuses (429, Retry-After); the answer gives the place back, once. */
  enter(clientId: string): () => void {
    const { perClient, perProcess } = this.config.statementDownloads;
    const mine = this.byClient.get(clientId) ?? 0;
    if (mine >= perClient || this.total >= perProcess) {
      throw new RateLimitedError(RETRY_AFTER_SECONDS, 'Too many statement downloads at once; retry after the ones in progress end');
    }
    this.total++;
    this.byClient.set(clientId, mine + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.total--;
      const now = this.byClient.get(clientId)! - 1;
      if (now === 0) this.byClient.delete(clientId);
      else this.byClient.set(clientId, now);
    };
  }

  /** Downloads in progress (for tests and metrics). */
  get inProgress(): number {
    return this.total;
  }
}
