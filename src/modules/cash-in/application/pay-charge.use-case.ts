import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { sandboxPayer } from '../../participants/application/external-payer.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { ChargePayments, type ReceivedChargePayment } from './charge-payments.js';
import { ChargeRepository } from './charge.repository.js';

export interface PayChargeCommand {
  clientId: string;
  chargeId: string;
  amount?: string;
  /** The simulated payer at another institution; defaults: docs/adr/0225-the-payer-on-every-credit.md. */
  payer?: { name?: string; document?: string; ispb?: string };
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
    private readonly participants: ParticipantDirectory,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
  ) {}

  async execute(cmd: PayChargeCommand): Promise<ReceivedChargePayment & { endToEndId: string }> {
    const charge = await this.charges.findById(cmd.chargeId);
    if (!charge || charge.snapshot.clientId !== cmd.clientId) throw new NotFoundError('Charge', 'CASH_IN_NOT_FOUND');
    const payer = sandboxPayer(cmd.payer, this.config.pspIspb, this.participants);
    return this.uow.run(async () => {
      const now = this.clock.now();
      // The end-to-end id names the payer's institution, as the SPI's do.
      const endToEndId = newEndToEndId(payer.bank.ispb, now);
      const received = await this.payments.receive({
        chargeId: cmd.chargeId,
        amount: cmd.amount === undefined ? null : Money.of(cmd.amount),
        endToEndId,
        payer,
        at: now,
      });
      await this.ledger.post(received.movement);
      await received.record();
      return { ...received, endToEndId };
    });
  }
}
