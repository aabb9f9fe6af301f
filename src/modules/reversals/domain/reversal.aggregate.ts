import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import { reversalCompleted, reversalFailed, reversalQueued } from './reversal.events.js';
import type { RefundCode } from '../../../shared/domain/refund-code.js';
import type { FollowedOnStatement, StatementEntry } from '../../../shared/domain/statement-entry.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';

export type ReversalStatus = 'queued' | 'processing' | 'completed' | 'failed';
export const REVERSAL_STATUSES: readonly ReversalStatus[] = ['queued', 'processing', 'completed', 'failed'];

/** A received payment may be reversed for this long after it arrived (docs/conventions.md §10). */
export const REVERSAL_WINDOW_DAYS = 90;

const NEXT: Record<ReversalStatus, ReversalStatus[]> = {
  queued: ['processing'],
  processing: ['completed', 'failed'],
  completed: [],
  failed: [],
};

export interface ReversalProps {
  /** The reversal, also the client's `reversal_out` transaction. */
  id: string;
  clientId: string;
  accountId: string;
  externalId: string;
  originalTransactionId: string;
  originalEndToEndId: string;
  refundEndToEndId: string;
  amount: Money;
  refundCode: RefundCode;
  reason: string | null;
  customerMessage: string | null;
  userMetadata: Record<string, unknown> | null;
  tags: string[];
  /** The original payer, who receives the money back. */
  payee: Counterparty;
  /** On-us: the original payer's `reversal_in` transaction (credited at once); null for an external payer. */
  payeeTransactionId: string | null;
  status: ReversalStatus;
  errorCode: string | null;
  errorMessage: string | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What is known of the payment being reversed when a reversal is asked for. */
export interface ReversibleTotals {
  amount: Money;
  alreadyRefunded: Money;
  receivedAt: Date;
}

/** The withdrawal (Pix Saque) or change (Pix Troco) part of the charge a received payment paid. */
export interface CashPart {
  kind: 'withdrawal' | 'change';
  amount: Money;
}

/**
 * A return (devolução) of part or all of a payment the client received. On-us (the payer is a client of
 * this service) it completes when made; otherwise it is sent to the SPI like a cash-out:
 * queued -> processing -> completed | failed.
 */
export class Reversal implements FollowedOnStatement {
  private events: DomainEvent[] = [];

  private constructor(private props: ReversalProps) {}

  /**
   * Refuses a reversal the payment cannot take: past the 90-day window (REVERSAL_WINDOW_CLOSED) or more
   * than what is left of it after earlier reversals (REFUND_EXCEEDS_AVAILABLE).
   */
  static assertReversible(totals: ReversibleTotals, amount: Money, now: Date): void {
    const deadline = totals.receivedAt.getTime() + REVERSAL_WINDOW_DAYS * 86_400_000;
    if (now.getTime() > deadline) {
      throw new DomainError('REVERSAL_WINDOW_CLOSED', `A payment can be reversed within ${REVERSAL_WINDOW_DAYS} days of receiving it`, [
        { field: 'end_to_end_id', issue: `received more than ${REVERSAL_WINDOW_DAYS} days ago` },
      ]);
    }
    const left = totals.amount.minus(totals.alreadyRefunded);
    if (amount.gt(left)) {
      throw new DomainError('REFUND_EXCEEDS_AVAILABLE', `At most ${left.toFixed2()} of this payment can still be reversed`, [
        { field: 'amount', issue: `at most ${left.toFixed2()}` },
      ]);
    }
  }

  /**
   * SL02 gives back only the withdrawal or change part of a Pix Saque/Troco charge the payment paid, and
   * never more of it than is left after earlier SL02 reversals (docs/conventions.md §10,
   * docs/adr/0218-refund-codes-clients-may-send.md). MD06 is not limited here beyond the payment's total.
   */
  static assertRefundCodeApplies(
    p: { refundCode: RefundCode; cashPart: CashPart | null; alreadyRefundedAsSl02: Money },
    amount: Money,
  ): void {
    if (p.refundCode !== 'SL02') return;
    if (!p.cashPart) {
      throw new DomainError(
        'REFUND_CODE_NOT_APPLICABLE',
        'SL02 gives back only the withdrawal or change part of a Pix Saque or Pix Troco charge; this payment has none',
        [{ field: 'refund_code', issue: 'SL02 needs a payment of a Pix Saque or Pix Troco charge' }],
      );
    }
    const left = Money.max(p.cashPart.amount.minus(p.alreadyRefundedAsSl02), Money.zero());
    if (amount.gt(left)) {
      throw new DomainError(
        'REFUND_EXCEEDS_AVAILABLE',
        `At most ${left.toFixed2()} of this payment's ${p.cashPart.kind} part can still be reversed as SL02`,
        [{ field: 'amount', issue: `at most ${left.toFixed2()} (the ${p.cashPart.kind} part left)` }],
      );
    }
  }

  /** On-us: the money moves in the same database transaction, so the reversal is born completed. */
  static completedOnUs(p: Omit<ReversalProps, 'status' | 'errorCode' | 'errorMessage' | 'completedAt' | 'updatedAt'>): Reversal {
    const r = new Reversal({
      ...p,
      status: 'completed',
      errorCode: null,
      errorMessage: null,
      completedAt: p.createdAt,
      updatedAt: p.createdAt,
    });
    r.events.push(reversalCompleted(r.props));
    return r;
  }

  /** To another institution: the amount is held and the worker sends the return to the SPI. */
  static queued(
    p: Omit<ReversalProps, 'status' | 'errorCode' | 'errorMessage' | 'completedAt' | 'updatedAt' | 'payeeTransactionId'>,
  ): Reversal {
    const r = new Reversal({
      ...p,
      payeeTransactionId: null,
      status: 'queued',
      errorCode: null,
      errorMessage: null,
      completedAt: null,
      updatedAt: p.createdAt,
    });
    r.events.push(reversalQueued(r.props));
    return r;
  }

  static restore(props: ReversalProps): Reversal {
    return new Reversal(props);
  }

  get snapshot(): Readonly<ReversalProps> {
    return this.props;
  }

  get status(): ReversalStatus {
    return this.props.status;
  }

  startProcessing(now: Date): void {
    this.move('processing', now);
  }

  complete(now: Date): void {
    this.move('completed', now);
    this.props.completedAt = now;
    this.events.push(reversalCompleted(this.props));
  }

  fail(code: string, message: string, now: Date): void {
    this.move('failed', now);
    this.props.errorCode = code;
    this.props.errorMessage = message;
    this.events.push(reversalFailed(this.props, { code, message }));
  }

  /** The client's `reversal_out` line (the reversal's own id): its status word, when it last moved, and why it failed. */
  statementEntry(): StatementEntry {
    const r = this.props;
    return {
      transactionId: r.id,
      status: r.status,
      at: r.updatedAt,
      failure: r.errorCode ? { code: r.errorCode, message: r.errorMessage ?? '' } : null,
    };
  }

  pullEvents(): DomainEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private move(to: ReversalStatus, now: Date): void {
    if (!NEXT[this.props.status].includes(to)) {
      throw new DomainError('INVALID_STATE_TRANSITION', `A ${this.props.status} reversal cannot become ${to}`);
    }
    this.props.status = to;
    this.props.updatedAt = now;
  }
}
