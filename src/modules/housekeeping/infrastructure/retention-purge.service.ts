import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { RetentionPurger } from '../../../shared/retention/retention-purger.js';
import { Clock } from '../../../shared/time/clock.js';
import { PURGE_BATCH } from '../domain/retention.js';
import { distinctPurgers, purgeAll, type PurgeCounts } from '../application/retention-purge.js';

/**
 * Runs every `RetentionPurger` the application provides (found by discovery: any provider of any module that
 * extends the kernel's port), in batches of PURGE_BATCH rows. Housekeeping knows no table: each owner says
 * what it purges and after how long.
 */
@Injectable()
export class RetentionPurgeService {
  private found: RetentionPurger[] | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly clock: Clock,
  ) {}

  /** The purgers of this application, by name. */
  purgers(): readonly RetentionPurger[] {
    this.found ??= distinctPurgers(
      this.discovery
        .getProviders()
        .map((wrapper) => wrapper.instance as unknown)
        .filter((instance): instance is RetentionPurger => instance instanceof RetentionPurger),
    ).sort((a, b) => a.name.localeCompare(b.name));
    return this.found;
  }

  purgeOnce(): Promise<PurgeCounts> {
    return purgeAll(this.purgers(), this.clock.now(), PURGE_BATCH);
  }
}
