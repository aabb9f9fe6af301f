import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';

/** One shared ioredis connection for non-queue uses (rate limits, readiness). */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: false });
    // Errors surface through readiness and rate-limit calls; an unhandled 'error' event would crash.
    this.client.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.client.disconnect();
  }
}
