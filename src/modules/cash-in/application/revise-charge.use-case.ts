import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import type { Charge, ChargeRevision } from '../domain/charge.aggregate.js';
import { ChargeExpiry } from './charge-expiry.js';
import { ChargeRepository } from './charge.repository.js';
import { ChargeStore } from './charge-store.js';

export type { ChargeRevision };

/**
 * Revises one of the caller's pending immediate charges, found by txid, under its row lock (API Pix `PATCH
 * /cob/{txid}`): a payment racing it lands first or finds it revised. A lapsed charge expires instead (its
 * event commits) and the revision is refused, as a cancel is.
 */
@Injectable()
export class ReviseChargeUseCase {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly store: ChargeStore,
    private readonly expiry: ChargeExpiry,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, txid: string, changes: ChargeRevision): Promise<Charge> {
    const now = this.clock.now();
    const found = await this.charges.findByTxid(clientId, txid);
    if (!found) throw new NotFoundError('Charge', 'CASH_IN_NOT_FOUND');
    let refusal: DomainError | null = null;
    const charge = await this.uow.run(async () => {
      const locked = (await this.charges.lock(found.snapshot.id))!;
      if (await this.expiry.expireLocked(locked, now)) {
        refusal = new DomainError('CHARGE_NOT_PENDING', 'Only a pending charge can be revised; this one is expired');
        return locked;
      }
      locked.revise(changes, now);
      await this.store.save(locked);
      return locked;
    });
    if (refusal) throw refusal;
    // The row's revision was counted by the database (trigger cash_in_charges_revision): read it back.
    return (await this.charges.findById(charge.snapshot.id))!;
  }
}
