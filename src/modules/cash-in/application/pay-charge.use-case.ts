import { Injectable } from '@nestjs/common';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ChargePayments, type ReceivedChargePayment } from './charge-payments.js';
import { ChargeRepository } from './charge.repository.js';

/** The ISPB an external payer's end-to-end id carries in the sandbox (the Central Bank's own). */
const SANDBOX_PAYER_ISPB = '00000000';

export interface PayChargeCommand {
  clientId: string;
  chargeId: string;
  amount?: string;
  payer?: { name?: string; document?: string };
}

/**
 * Sandbox: an external payer pays one of the caller's charges (docs/conventions.md §11). The credit, the
 * charge's completion, its transaction and `cash_in.completed` commit together; a charge is paid once.
 */
@Injectable()
export class PayChargeUseCase {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly payments: ChargePayments,
    private readonly ledger: LedgerService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: PayChargeCommand): Promise<ReceivedChargePayment & { endToEndId: string }> {
    const charge = await this.charges.findById(cmd.chargeId);
    if (!charge || charge.snapshot.clientId !== cmd.clientId) throw new NotFoundError('Charge', 'CASH_IN_NOT_FOUND');
    return this.uow.run(async () => {
      const now = this.clock.now();
      const endToEndId = newEndToEndId(SANDBOX_PAYER_ISPB, now);
      const received = await this.payments.receive({
        chargeId: cmd.chargeId,
        amount: cmd.amount === undefined ? null : Money.of(cmd.amount),
        endToEndId,
        payer: { name: cmd.payer?.name ?? 'Sandbox Payer', document: cmd.payer?.document ?? null },
        at: now,
      });
      await this.ledger.post(received.movement);
      await received.record();
      return { ...received, endToEndId };
    });
  }
}
