import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import type { Charge } from '../domain/charge.aggregate.js';
import { ChargeExpiry } from './charge-expiry.js';
import { ChargeRepository } from './charge.repository.js';

/** One of the caller's charges; a pending one past its expiry is expired first (and emits its event). */
@Injectable()
export class GetChargeUseCase {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly expiry: ChargeExpiry,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, id: string): Promise<Charge> {
    const charge = await this.charges.findById(id);
    if (!charge || charge.snapshot.clientId !== clientId) throw new NotFoundError('Charge', 'CASH_IN_NOT_FOUND');
    return this.current(charge);
  }

  /** The same, by the charge's txid among the caller's charges (API Pix reads charges by txid). */
  async byTxid(clientId: string, txid: string): Promise<Charge> {
    const charge = await this.charges.findByTxid(clientId, txid);
    if (!charge) throw new NotFoundError('Charge', 'CASH_IN_NOT_FOUND');
    return this.current(charge);
  }

  private async current(charge: Charge): Promise<Charge> {
    const now = this.clock.now();
    if (!charge.isLapsed(now)) return charge;
    return this.uow.run(async () => {
      const locked = (await this.charges.lock(charge.snapshot.id))!;
      await this.expiry.expireLocked(locked, now);
      return locked;
    });
  }
}
