import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import type { Charge } from '../domain/charge.aggregate.js';
import { ChargeStore } from './charge-store.js';

/**
 * Expires a lapsed charge the caller holds row-locked: the charge, its transaction and `cash_in.expired`
 * in the caller's database transaction. Reads, cancels and the sweep all go through it, so a charge
 * expires exactly once, whoever notices first.
 */
@Injectable()
export class ChargeExpiry {
  constructor(
    private readonly store: ChargeStore,
    private readonly outbox: OutboxWriter,
  ) {}

  /** True when the charge expired now; false (nothing written) when it was not lapsed. */
  async expireLocked(charge: Charge, now: Date): Promise<boolean> {
    if (!charge.expire(now)) return false;
    await this.store.save(charge);
    await this.outbox.append(charge.pullEvents());
    return true;
  }
}
