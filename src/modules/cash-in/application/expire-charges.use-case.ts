import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { ChargeExpiry } from './charge-expiry.js';
import { ChargeRepository } from './charge.repository.js';

/** Charges expired per database transaction by the sweep. */
export const CHARGE_EXPIRY_BATCH = 200;

/**
 * One batch of the expiry sweep: pending charges past their expiry, claimed with SKIP LOCKED (so any
 * number of workers sweep at once, and a charge being paid or cancelled is left to that), expired with
 * their events in one transaction. Returns how many expired.
 */
@Injectable()
export class ExpireChargesUseCase {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly expiry: ChargeExpiry,
    private readonly uow: UnitOfWork,
  ) {}

  execute(now: Date, limit = CHARGE_EXPIRY_BATCH): Promise<number> {
    return this.uow.run(async () => {
      const lapsed = await this.charges.lockLapsed(now, limit);
      for (const charge of lapsed) await this.expiry.expireLocked(charge, now);
      return lapsed.length;
    });
  }
}
