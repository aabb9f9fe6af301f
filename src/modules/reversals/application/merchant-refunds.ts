import { Injectable } from '@nestjs/common';
import type { ClientRefundCode, RefundCode } from '../../../shared/domain/refund-code.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import type { Money } from '../../../shared/money/money.js';
import type { Reversal, ReversalStatus } from '../domain/reversal.aggregate.js';
import { CreateReversalUseCase } from './create-reversal.use-case.js';
import { ReversalRepository } from './reversal.repository.js';

/** A refund as its client reads it, for another surface over the same reversals (API Pix's `devolucao`, docs/api-pix.md). */
export interface MerchantRefund {
  id: string;
  externalId: string;
  originalEndToEndId: string;
  refundEndToEndId: string;
  amount: Money;
  refundCode: RefundCode;
  customerMessage: string | null;
  status: ReversalStatus;
  errorMessage: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** A refund asked by a name of the client's own for it (`externalId`), for one received payment. */
export interface NamedRefund {
  clientId: string;
  endToEndId: string;
  externalId: string;
  amount: Money;
  refundCode: ClientRefundCode;
  customerMessage: string | null;
}

/** How many refunds of one payment a read shows at most (a payment cannot be split into more than this in practice). */
const REFUNDS_PER_PAYMENT_SHOWN = 1000;

function merchantView(reversal: Reversal): MerchantRefund {
  const r = reversal.snapshot;
  return {
    id: r.id,
    externalId: r.externalId,
    originalEndToEndId: r.originalEndToEndId,
    refundEndToEndId: r.refundEndToEndId,
    amount: r.amount,
    refundCode: r.refundCode,
    customerMessage: r.customerMessage,
    status: r.status,
    errorMessage: r.errorMessage,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
  };
}

/** Whether a stored refund is the one asked again (same payment, amount, code and message). */
function sameRefund(found: MerchantRefund, asked: NamedRefund): boolean {
  return (
    found.originalEndToEndId === asked.endToEndId &&
    found.amount.eq(asked.amount) &&
    found.refundCode === asked.refundCode &&
    found.customerMessage === asked.customerMessage
  );
}

/**
 * The reversal use cases by the client's own name for a refund (its `external_id`), answering the refund as its
 * owner reads it: what another surface over the same reversals needs (API Pix's `PUT|GET /pix/{e2eid}/devolucao/{id}`),
 * without reaching into this module's domain. Asking again under a name already used answers the refund made
 * then when the request is the same, and DUPLICATE_EXTERNAL_ID otherwise, as the client API does (docs/adr/0234-api-pix-devolucao-over-the-reversals.md).
 */
@Injectable()
export class MerchantRefunds {
  constructor(
    private readonly creating: CreateReversalUseCase,
    private readonly reversals: ReversalRepository,
  ) {}

  async refund(asked: NamedRefund): Promise<MerchantRefund> {
    const earlier = await this.named(asked.clientId, asked.externalId);
    if (earlier) return this.sameOrRefused(earlier, asked);
    try {
      const made = await this.creating.execute({
        clientId: asked.clientId,
        endToEndId: asked.endToEndId,
        externalId: asked.externalId,
        amount: asked.amount.toFixed2(),
        refundCode: asked.refundCode,
        ...(asked.customerMessage !== null ? { customerMessage: asked.customerMessage } : {}),
      });
      return merchantView(made);
    } catch (err) {
      // Two requests under one name at once: the one that lost the race answers what the winner made.
      if (err instanceof DomainError && err.code === 'DUPLICATE_EXTERNAL_ID') {
        const winner = await this.named(asked.clientId, asked.externalId);
        if (winner) return this.sameOrRefused(winner, asked);
      }
      throw err;
    }
  }

  /**
   * The client's refund of this payment under the first of these names it has, or else with this id
   * (REVERSAL_NOT_FOUND otherwise, also for another client's or another payment's).
   */
  async find(clientId: string, endToEndId: string, names: readonly string[], id: string | null): Promise<MerchantRefund> {
    for (const name of names) {
      const found = await this.named(clientId, name);
      if (found?.originalEndToEndId === endToEndId) return found;
    }
    const byId = id ? await this.reversals.findById(id) : null;
    if (byId && byId.snapshot.clientId === clientId && byId.snapshot.originalEndToEndId === endToEndId) return merchantView(byId);
    throw new DomainError('REVERSAL_NOT_FOUND', 'Devolução não encontrada para o e2eid e o id informados.');
  }

  /** The client's refunds of these payments, by payment, oldest first. */
  async ofPayments(clientId: string, endToEndIds: readonly string[]): Promise<Map<string, MerchantRefund[]>> {
    const byPayment = new Map<string, MerchantRefund[]>(endToEndIds.map((e2e) => [e2e, []]));
    if (endToEndIds.length === 0) return byPayment;
    const found = await this.reversals.list({
      clientId,
      endToEndIds,
      limit: REFUNDS_PER_PAYMENT_SHOWN * endToEndIds.length,
    });
    for (const r of found.reverse()) byPayment.get(r.snapshot.originalEndToEndId)?.push(merchantView(r));
    return byPayment;
  }

  private async named(clientId: string, externalId: string): Promise<MerchantRefund | null> {
    const [found] = await this.reversals.list({ clientId, externalId, limit: 1 });
    return found ? merchantView(found) : null;
  }

  private sameOrRefused(found: MerchantRefund, asked: NamedRefund): MerchantRefund {
    if (sameRefund(found, asked)) return found;
    throw new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for another refund', [
      { field: 'external_id', issue: 'already used by another refund' },
    ]);
  }
}
