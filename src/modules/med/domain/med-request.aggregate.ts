import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import type { FollowedOnStatement, StatementEntry, StatementFailure } from '../../../shared/domain/statement-entry.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { medApproved, medClosed, medInAnalysis, medOpened, medRejected } from './med.events.js';
import { analysisDeadline, assertClaimable, holdDeadline, type MedTimeline } from './med-timeline.js';

export const MED_STATUSES = ['OPEN', 'IN_ANALYSIS', 'APPROVED', 'REJECTED', 'CLOSED'] as const;
export type MedStatus = (typeof MED_STATUSES)[number];

/** Statuses that still hold a block and can be answered. */
export const MED_ACTIVE_STATUSES: readonly MedStatus[] = ['OPEN', 'IN_ANALYSIS'];

export const MED_ACTIONS = ['approve', 'reject'] as const;
export type MedAction = (typeof MED_ACTIONS)[number];

/**
 * Where an approval's return to the payer stands: `completed` at once on-us (the payer is a client here),
 * `processing` while the return to another institution is on its way through the SPI (the funds stay
 * blocked), then `completed` (captured) or `failed` (the SPI refused it: the funds go back to the receiver).
 */
export const MED_RETURN_STATUSES = ['processing', 'completed', 'failed'] as const;
export type MedReturnStatus = (typeof MED_RETURN_STATUSES)[number];

/** The SPI's answer to a return on its way: settled, or refused with the scheme's reason. */
export type MedReturnOutcome = { status: 'completed' } | { status: 'failed'; failure: StatementFailure };

export function isMedStatus(value: string): value is MedStatus {
  return (MED_STATUSES as readonly string[]).includes(value);
}

export interface MedRequestProps {
  id: string;
  /** The receiver: the client whose payment is claimed back. */
  clientId: string;
  accountId: string;
  /** The received payment (`cash_in` or `p2p_in`). */
  transactionId: string;
  endToEndId: string;
  amount: Money;
  /**
   * Blocked at opening: min(amount, available then, the payment's refundable part then); never topped up
   * later. The hold is in place while the request is OPEN (docs/adr/0216-med-timelines-as-the-regulation-sets-them.md).
   */
  blockedAmount: Money;
  reason: string | null;
  status: MedStatus;
  responseReason: string | null;
  /** The receiver's `med_return` transaction, when an approval sent money back. */
  returnTransactionId: string | null;
  returnEndToEndId: string | null;
  /** What the approval gives back (at most what was blocked), and where that return stands; null when nothing goes back. */
  returnAmount: Money | null;
  returnStatus: MedReturnStatus | null;
  createdAt: Date;
  updatedAt: Date;
  respondBy: Date;
  respondedAt: Date | null;
}

export interface OpenMedProps {
  id: string;
  clientId: string;
  accountId: string;
  transactionId: string;
  endToEndId: string;
  /** The received payment's amount: the claim cannot exceed it. */
  paymentAmount: Money;
  /** When the payment was received: a claim is refused past the claim window. */
  receivedAt: Date;
  timeline: MedTimeline;
  /** The claim; the payment's amount when null. */
  amount: Money | null;
  /** The receiver's available balance under its row lock. */
  available: Money;
  /**
   * What of the payment is not yet paid back, under the payment's row lock: reversals and approved MED
   * returns share one refundable amount per received payment, so nothing beyond it is blocked.
   */
  refundable: Money;
  reason: string | null;
  now: Date;
}

/**
 * What an approval sends back: the return transaction and its amount (at most what was blocked), and
 * whether the payer is a client of this service (credited in the same transaction) or at another
 * institution (the return goes through the SPI after the approval commits).
 */
export interface MedReturn {
  transactionId: string;
  endToEndId: string;
  amount: Money;
  onUs: boolean;
}

/**
 * A MED request (Mecanismo Especial de Devolução) against a payment a client received, opened by the
 * payer's institution for a fraud claim, on the regulation's timeline
 * (docs/adr/0216-med-timelines-as-the-regulation-sets-them.md). State machine: `OPEN` with the precautionary
 * hold; `OPEN -> IN_ANALYSIS` when the hold's time (`blockHours`) ends unanswered, the hold released;
 * `OPEN | IN_ANALYSIS -> APPROVED | REJECTED` (the receiver's answer) or `-> CLOSED` (unanswered at
 * `respondBy`, the end of the analysis). APPROVED, REJECTED and CLOSED are final.
 */
export class MedRequest implements FollowedOnStatement {
  private events: DomainEvent[] = [];
  /**
   * Why the return failed, known to the run that failed it: the `med_return` line keeps it (a failure once
   * written stays), `med_requests` has no column for it, so a request read back has none.
   */
  private returnFailure: StatementFailure | null = null;

  private constructor(private props: MedRequestProps) {}

  /**
   * Opens a request blocking min(amount, available, refundable); a payment older than the claim window
   * (MED_CLAIM_WINDOW_CLOSED) or an amount above the payment's is refused.
   */
  static open(p: OpenMedProps): MedRequest {
    assertClaimable(p.receivedAt, p.now, p.timeline);
    const amount = p.amount ?? p.paymentAmount;
    if (!amount.isPositive()) throw new Error('a MED amount must be positive');
    if (amount.gt(p.paymentAmount)) {
      throw new DomainError('MED_AMOUNT_EXCEEDS_PAYMENT', `A MED request can claim at most the payment's ${p.paymentAmount.toFixed2()}`, [
        { field: 'amount', issue: `must be at most ${p.paymentAmount.toFixed2()}` },
      ]);
    }
    const available = Money.max(p.available, Money.zero());
    const m = new MedRequest({
      id: p.id,
      clientId: p.clientId,
      accountId: p.accountId,
      transactionId: p.transactionId,
      endToEndId: p.endToEndId,
      amount,
      blockedAmount: Money.min(Money.min(amount, available), Money.max(p.refundable, Money.zero())),
      reason: p.reason,
      status: 'OPEN',
      responseReason: null,
      returnTransactionId: null,
      returnEndToEndId: null,
      returnAmount: null,
      returnStatus: null,
      createdAt: p.now,
      updatedAt: p.now,
      respondBy: analysisDeadline(p.now, p.timeline),
      respondedAt: null,
    });
    m.events.push(medOpened(m.props));
    return m;
  }

  static restore(props: MedRequestProps): MedRequest {
    return new MedRequest(props);
  }

  get snapshot(): Readonly<MedRequestProps> {
    return this.props;
  }

  get status(): MedStatus {
    return this.props.status;
  }

  isActive(): boolean {
    return MED_ACTIVE_STATUSES.includes(this.props.status);
  }

  /** Active and past its analysis deadline (`respondBy`): the sweep (or the next answer) closes it. */
  isLapsed(now: Date): boolean {
    return this.isActive() && now.getTime() >= this.props.respondBy.getTime();
  }

  /** OPEN at the end of its hold (`blockHours` after opening) without an answer, and not yet lapsed: due to go IN_ANALYSIS. */
  isHoldDue(now: Date, t: MedTimeline): boolean {
    return this.props.status === 'OPEN' && !this.isLapsed(now) && now.getTime() >= holdDeadline(this.props.createdAt, t).getTime();
  }

  /**
   * What the precautionary hold keeps blocked now: the amount blocked at opening while the request is
   * OPEN, nothing once it is IN_ANALYSIS (the hold's time ended) or answered (an approval captured it or
   * keeps it for the return on its way; the return's settlement is what moves it then).
   */
  held(): Money {
    return this.props.status === 'OPEN' ? this.props.blockedAmount : Money.zero();
  }

  /**
   * Approves: while OPEN the held amount goes back to the payer, or the part of it the payment still has
   * to give back when a reversal paid some back meanwhile (the rest is released); once IN_ANALYSIS (the
   * hold ended) what is available then, never more than was blocked at opening. `ret` names the return: a
   * positive amount, at most what was blocked; null when nothing goes back.
   */
  approve(p: { reason: string | null; ret: MedReturn | null; now: Date }): void {
    this.assertAnswerable(p.now);
    if (p.ret && (!p.ret.amount.isPositive() || p.ret.amount.gt(this.props.blockedAmount))) {
      throw new Error('an approval returns a positive amount, at most what was blocked');
    }
    Object.assign(this.props, {
      status: 'APPROVED',
      responseReason: p.reason,
      returnTransactionId: p.ret?.transactionId ?? null,
      returnEndToEndId: p.ret?.endToEndId ?? null,
      returnAmount: p.ret?.amount ?? null,
      returnStatus: p.ret ? (p.ret.onUs ? 'completed' : 'processing') : null,
      respondedAt: p.now,
      updatedAt: p.now,
    } satisfies Partial<MedRequestProps>);
    this.events.push(medApproved(this.props));
  }

  /** Whether the return to another institution is still on its way (the settlement job and the sweep act on it). */
  isReturnProcessing(): boolean {
    return this.props.returnStatus === 'processing';
  }

  /** The SPI's answer to the return: settled (`completed`) or refused (`failed`, with its reason); only from `processing`. */
  finishReturn(outcome: MedReturnOutcome, now: Date): void {
    if (!this.isReturnProcessing()) throw new Error(`the MED return is ${this.props.returnStatus ?? 'absent'}, not processing`);
    Object.assign(this.props, { returnStatus: outcome.status, updatedAt: now } satisfies Partial<MedRequestProps>);
    if (outcome.status === 'failed') this.returnFailure = outcome.failure;
  }

  /**
   * The receiver's `med_return` line, once an approval sent money back: the return's status (`completed`
   * on-us, `processing` on its way, then `completed` or `failed`), when it last moved, and why it failed.
   * Null while nothing was returned (open, in analysis, rejected, closed, or approved with nothing left).
   */
  statementEntry(): StatementEntry | null {
    const m = this.props;
    if (!m.returnTransactionId || !m.returnStatus) return null;
    return { transactionId: m.returnTransactionId, status: m.returnStatus, at: m.updatedAt, failure: this.returnFailure };
  }

  /** Rejects; returns what the hold kept, which the caller releases to the receiver (zero once IN_ANALYSIS). */
  reject(p: { reason: string | null; now: Date }): Money {
    this.assertAnswerable(p.now);
    const released = this.held();
    Object.assign(this.props, {
      status: 'REJECTED',
      responseReason: p.reason,
      respondedAt: p.now,
      updatedAt: p.now,
    } satisfies Partial<MedRequestProps>);
    this.events.push(medRejected(this.props));
    return released;
  }

  /**
   * The hold's time ended unanswered: OPEN -> IN_ANALYSIS, still answerable until `respondBy`. Returns what
   * the hold kept, which the caller releases; null (nothing changes) when the hold is not due.
   */
  endHold(now: Date, t: MedTimeline): Money | null {
    if (!this.isHoldDue(now, t)) return null;
    const released = this.held();
    Object.assign(this.props, { status: 'IN_ANALYSIS', updatedAt: now } satisfies Partial<MedRequestProps>);
    this.events.push(medInAnalysis(this.props));
    return released;
  }

  /**
   * Unanswered at the end of the analysis -> CLOSED, not accepted. Returns what the hold still kept (only
   * when the request was still OPEN, e.g. after the sweep stood still), which the caller releases; null
   * (nothing changes) when it has not lapsed.
   */
  close(now: Date): Money | null {
    if (!this.isLapsed(now)) return null;
    const released = this.held();
    Object.assign(this.props, { status: 'CLOSED', updatedAt: now } satisfies Partial<MedRequestProps>);
    this.events.push(medClosed(this.props));
    return released;
  }

  pullEvents(): DomainEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private assertAnswerable(now: Date): void {
    if (!this.isActive()) {
      throw new DomainError('MED_ALREADY_RESPONDED', `This MED request is ${this.props.status} and can no longer be answered`);
    }
    if (this.isLapsed(now)) {
      throw new DomainError('MED_ALREADY_RESPONDED', 'This MED request passed its deadline unanswered and is closed');
    }
  }
}
