import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import { cashOutCompleted, cashOutFailed, cashOutProcessing, cashOutQueued, cashOutReturned } from './cash-out.events.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { FollowedOnStatement, StatementEntry } from '../../../shared/domain/statement-entry.js';
import { Money } from '../../../shared/money/money.js';
import type { CashOutFlow, CashOutInitiation } from './cash-out-flow.js';
import { CashOutStateError } from './cash-out.errors.js';

export type CashOutStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'returned';

const NEXT: Record<CashOutStatus, CashOutStatus[]> = {
  queued: ['processing'],
  processing: ['completed', 'failed'],
  completed: ['returned'],
  failed: [],
  returned: [],
};

export interface CashOutProps {
  id: string;
  clientId: string;
  accountId: string;
  externalId: string | null;
  amount: Money;
  flow: CashOutFlow;
  /** How the payer initiated it (MANU, DICT, QRES, QRDN): its SPI order's `LocalInstrument`. */
  initiation: CashOutInitiation;
  /** The payer's message to the recipient (its SPI order's remittance information), when there is one. */
  description: string | null;
  pixKey: string | null;
  pixKeyType: string | null;
  payer: Counterparty;
  receiver: Counterparty;
  endToEndId: string;
  /** The charge of this service this payment pays (Flow 3 of a dynamic QR of ours), settled on-us. */
  chargeId: string | null;
  /**
   * The txid of the QR code this payment pays (Flow 3): a dynamic code's charge txid, ours or another
   * institution's, or a static code's 62-05 when it is not `***`; its SPI order and an on-us credit carry it.
   */
  txid: string | null;
  status: CashOutStatus;
  errorCode: string | null;
  errorMessage: string | null;
  returnedAmount: Money | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An outbound Pix from a client's account; moves queued -> processing -> completed|failed -> returned. */
export class CashOut implements FollowedOnStatement {
  private events: DomainEvent[] = [];

  private constructor(private props: CashOutProps) {}

  static queue(
    p: Omit<CashOutProps, 'status' | 'errorCode' | 'errorMessage' | 'returnedAmount' | 'completedAt' | 'createdAt' | 'updatedAt'>,
    now: Date,
  ): CashOut {
    const c = new CashOut({
      ...p,
      status: 'queued',
      errorCode: null,
      errorMessage: null,
      returnedAmount: null,
      completedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    c.record(cashOutQueued(c.props));
    return c;
  }

  static restore(props: CashOutProps): CashOut {
    return new CashOut(props);
  }

  get snapshot(): Readonly<CashOutProps> {
    return this.props;
  }

  get status(): CashOutStatus {
    return this.props.status;
  }

  get isOnUs(): boolean {
    return Boolean(this.props.receiver.internal);
  }

  startProcessing(now: Date): void {
    this.move('processing', now);
    this.record(cashOutProcessing(this.props));
  }

  complete(now: Date): void {
    this.move('completed', now);
    this.props.completedAt = now;
    this.record(cashOutCompleted(this.props));
  }

  fail(code: string, message: string, now: Date): void {
    this.move('failed', now);
    this.props.errorCode = code;
    this.props.errorMessage = message;
    this.record(cashOutFailed(this.props, { code, message }));
  }

  /** The recipient's bank sent back `amount` (all of it when omitted). */
  markReturned(amount: Money, now: Date): void {
    if (!amount.isPositive() || amount.gt(this.props.amount)) {
      throw new CashOutStateError(this.props.status, 'returned (amount must be > 0 and <= the original)');
    }
    this.move('returned', now);
    this.props.returnedAmount = amount;
    this.record(cashOutReturned(this.props, amount));
  }

  /** The payer's `cash_out` line (the cash-out's own id): its status word, when it last moved, and why it failed. */
  statementEntry(): StatementEntry {
    const c = this.props;
    return {
      transactionId: c.id,
      status: c.status,
      at: c.updatedAt,
      failure: c.errorCode ? { code: c.errorCode, message: c.errorMessage ?? '' } : null,
    };
  }

  pullEvents(): DomainEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  private move(next: CashOutStatus, now: Date): void {
    if (!NEXT[this.props.status].includes(next)) throw new CashOutStateError(this.props.status, next);
    this.props.status = next;
    this.props.updatedAt = now;
  }

  private record(event: DomainEvent): void {
    this.events.push(event);
  }
}
