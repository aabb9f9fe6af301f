import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { RedisConnection } from '../redis/redis.provider.js';

/**
 * "New outbox rows have committed": said by the process that committed them, heard by the loops that drain the
 * outbox (the relay, the webhook dispatcher) in this process at once and in every other process through Redis
 * pub/sub. It replaces a NOTIFY trigger: Postgres serialises the commits of transactions that sent a NOTIFY (they
 * take one database-wide lock until their commit record is flushed), and under load a third of the payment path's
 * database time was spent waiting for it (docs/adr/0054-waking-the-relay-without-notify.md).
 *
 * A signal is only a hint: a lost one (Redis away, a process that dies between its commit and the
 * publish) costs at most OUTBOX_POLL_MS, the loops' fallback poll. Commits in one burst (one turn of the
 * event loop) send one signal.
 */
@Injectable()
export class OutboxSignal implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxSignal.name);
  private readonly channel: string;
  /** Tells this process's own messages from others' (it already woke its loops directly). */
  private readonly origin = randomUUID();
  private readonly listeners: (() => void)[] = [];
  private subscriber: Redis | undefined;
  private scheduled = false;
  private stopped = false;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.channel = `${config.redisKeyPrefix}:outbox:committed`;
  }

  /** After a commit that wrote outbox rows (UnitOfWork.afterCommit). */
  committed(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.wakeListeners();
      // Fire and forget: the shared connection fails fast while Redis is away, and the poll covers it.
      this.redis.client.publish(this.channel, this.origin).catch(() => undefined);
    });
  }

  /** Calls `wake` whenever outbox rows commit, here or in another process; subscribes on first use. */
  onCommitted(wake: () => void): void {
    this.listeners.push(wake);
    if (!this.subscriber) this.subscribe();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.subscriber?.disconnect();
  }

  private subscribe(): void {
    // A connection in subscriber mode serves nothing else; ioredis reconnects and subscribes again by itself.
    const subscriber = new Redis(this.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    subscriber.on('error', (err: Error) => this.logger.debug(`outbox signal subscriber: ${err.message}`));
    subscriber.on('message', (_channel: string, origin: string) => {
      if (origin !== this.origin) this.wakeListeners();
    });
    subscriber.subscribe(this.channel).catch((err: Error) => this.logger.warn(`outbox signal not subscribed (polling): ${err.message}`));
    this.subscriber = subscriber;
  }

  private wakeListeners(): void {
    for (const wake of this.listeners) wake();
  }
}
