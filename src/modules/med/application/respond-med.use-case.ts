import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { MedAction, MedRequest } from '../domain/med-request.aggregate.js';
import { MedDeadlines } from './med-deadlines.js';
import { MedRequestRepository } from './med-request.repository.js';

export interface RespondMedCommand {
  clientId: string;
  medId: string;
  action: MedAction;
  reason?: string;
}

/**
 * The receiver's answer to a MED request, under the request's row lock (two answers racing: one wins,
 * the other finds it answered, 409 MED_ALREADY_RESPONDED). Approve captures the blocked amount and
 * records it as the receiver's completed `med_return` (a `D` end-to-end id); reject releases it
 * (`unblock`). A request past its deadline is closed instead (that commits, block released) and the
 * answer is refused.
 */
@Injectable()
export class RespondMedUseCase {
  constructor(
    private readonly meds: MedRequestRepository,
    private readonly deadlines: MedDeadlines,
    private readonly ledger: LedgerService,
    private readonly transactions: TransactionsService,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: RespondMedCommand): Promise<MedRequest> {
    const now = this.clock.now();
    let refusal: DomainError | null = null;
    const med = await this.uow.run(async () => {
      const locked = await this.meds.lock(cmd.medId);
      if (!locked || locked.snapshot.clientId !== cmd.clientId) throw new NotFoundError('MED request', 'MED_NOT_FOUND');
      if (await this.deadlines.closeIfLapsed(locked, now)) {
        refusal = new DomainError('MED_ALREADY_RESPONDED', 'This MED request passed its deadline unanswered and is closed');
        return locked;
      }
      const reason = cmd.reason ?? null;
      if (cmd.action === 'reject') {
        locked.reject({ reason, now });
        await this.deadlines.release(locked, 'MED rejected: block released');
      } else if (!locked.hasBlock()) {
        locked.approve({ reason, ret: null, now });
      } else {
        const ret = { transactionId: randomUUID(), endToEndId: newEndToEndId(this.config.pspIspb, now, 'D') };
        locked.approve({ reason, ret, now });
        const m = locked.snapshot;
        await this.ledger.post({
          transactionId: ret.transactionId,
          description: 'MED return',
          lines: [{ accountId: m.accountId, operation: 'capture', amount: m.blockedAmount }],
        });
        const paid = await this.transactions.partiesOf(m.transactionId);
        await this.transactions.recordPayment({
          id: ret.transactionId,
          clientId: m.clientId,
          accountId: m.accountId,
          type: 'med_return',
          status: 'completed',
          amount: m.blockedAmount,
          endToEndId: ret.endToEndId,
          reference: m.endToEndId,
          // Money goes back the way it came: from the receiver to the original payer.
          payer: paid?.receiver ?? null,
          receiver: paid?.payer ?? null,
          description: 'MED return',
          at: now,
        });
      }
      await this.meds.update(locked);
      await this.outbox.append(locked.pullEvents());
      return locked;
    });
    if (refusal) throw refusal;
    return med;
  }
}
