import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import type { Charge } from '../domain/charge.aggregate.js';
import { ChargeRepository } from './charge.repository.js';
import { ChargeExpiry } from './charge-expiry.js';
import { ChargeStore } from './charge-store.js';

/**
 * Cancels one of the caller's pending charges under its row lock (so a payment racing it either lands
 * first, and the cancel answers CHARGE_NOT_PENDING, or finds it cancelled). A lapsed charge expires
 * instead (its event commits) and the cancel is refused.
 */
@Injectable()
export class CancelChargeUseCase {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly store: ChargeStore,
    private readonly outbox: OutboxWriter,
    private readonly expiry: ChargeExpiry,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, id: string): Promise<Charge> {
    const now = this.clock.now();
    // A lapsed charge's expiry commits even though the cancel itself is then refused.
    let refusal: DomainError | null = null;
    const charge = await this.uow.run(async () => {
      const locked = await this.charges.lock(id);
      if (!locked || locked.snapshot.clientId !== clientId) throw new NotFoundError('Charge', 'CASH_IN_NOT_FOUND');
      await this.expiry.expireLocked(locked, now);
      if (locked.status !== 'pending') {
        refusal = new DomainError('CHARGE_NOT_PENDING', `Only a pending charge can be cancelled; this one is ${locked.status}`);
        return locked;
      }
      locked.cancel(now);
      await this.store.save(locked);
      await this.outbox.append(locked.pullEvents());
      return locked;
    });
    if (refusal) throw refusal;
    return charge;
  }
}
