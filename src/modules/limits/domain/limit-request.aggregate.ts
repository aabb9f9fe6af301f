import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import { limitRequestApproved, limitRequestCreated, limitRequestExpired, limitRequestRejected } from './limit-request.events.js';
import type { Money } from '../../../shared/money/money.js';
import type { LimitPeriod, LimitType } from './limit-kinds.js';
import { LimitRequestNotPendingError } from './limits.errors.js';

export const LIMIT_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type LimitRequestStatus = (typeof LIMIT_REQUEST_STATUSES)[number];

/** How long an administrator has to decide before a request lapses. */
export const LIMIT_REQUEST_TTL_MS = 48 * 60 * 60 * 1000;
/**
 * An approved raise takes effect no sooner than this after the request (Resolução BCB nº 1/2020, Regulamento
 * Pix, as amended by Resolução BCB nº 142/2021: a raise the user asks for takes effect 24 to 48 h after the
 * request; the 48 h bound is LIMIT_REQUEST_TTL_MS, past which the request has expired). docs/adr/0214-limit-changes-timed-as-the-regulation-says.md.
 */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

export interface LimitRequestProps {
  id: string;
  clientId: string;
  accountId: string;
  type: LimitType;
  period: LimitPeriod;
  currentAmount: Money;
  requestedAmount: Money;
  reason: string;
  status: LimitRequestStatus;
  responseReason: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  /** When an approved request's cap applies to payments; null until approved (never for rejected or expired). */
  effectiveAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export type OpenLimitRequest = Pick<
  LimitRequestProps,
  'id' | 'clientId' | 'accountId' | 'type' | 'period' | 'currentAmount' | 'requestedAmount'
> & { reason?: string; now: Date };

/**
 * A client's request to change one cap of one account. A raise is pending until approved, rejected or expired;
 * an approved raise takes effect at max(request + 24 h, approval), never after request + 48 h (it would have
 * expired first). A reduction (or the same cap) needs no approval: it is approved when made and takes effect
 * at once (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
 */
export class LimitRequest {
  private events: DomainEvent[] = [];

  private constructor(private props: LimitRequestProps) {}

  static open(p: OpenLimitRequest): LimitRequest {
    const { now, reason, ...rest } = p;
    const r = new LimitRequest({
      ...rest,
      reason: reason ?? '',
      status: 'pending',
      responseReason: null,
      decidedBy: null,
      decidedAt: null,
      effectiveAt: null,
      expiresAt: new Date(now.getTime() + LIMIT_REQUEST_TTL_MS),
      createdAt: now,
      updatedAt: now,
    });
    r.record(limitRequestCreated(r.props));
    if (r.isReduction) {
      // No approval: approved by nobody (decided_by null), now, effective now.
      r.props = { ...r.props, status: 'approved', decidedAt: now, effectiveAt: now };
      r.record(limitRequestApproved(r.props));
    }
    return r;
  }

  /** Asks for a cap no higher than the one in force when it was made: it takes effect at once, unapproved. */
  get isReduction(): boolean {
    return this.props.requestedAmount.lte(this.props.currentAmount);
  }

  static restore(props: LimitRequestProps): LimitRequest {
    return new LimitRequest(props);
  }

  get snapshot(): Readonly<LimitRequestProps> {
    return this.props;
  }

  get id(): string {
    return this.props.id;
  }

  get status(): LimitRequestStatus {
    return this.props.status;
  }

  /** Pending but past its deadline: it must be expired before anything else happens to it. */
  isDueAt(now: Date): boolean {
    return this.props.status === 'pending' && now.getTime() >= this.props.expiresAt.getTime();
  }

  approve(adminId: string, now: Date): void {
    this.decide('approved', adminId, null, now);
  }

  reject(adminId: string, reason: string, now: Date): void {
    this.decide('rejected', adminId, reason, now);
  }

  expire(now: Date): void {
    if (!this.isDueAt(now)) {
      throw new LimitRequestNotPendingError(this.props.status === 'pending' ? 'not yet due' : this.props.status);
    }
    this.props = { ...this.props, status: 'expired', updatedAt: now };
    this.record(limitRequestExpired(this.props));
  }

  /** Events recorded since the last call, to be written to the outbox with the state change. */
  pullEvents(): DomainEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  private decide(status: 'approved' | 'rejected', adminId: string, responseReason: string | null, now: Date): void {
    if (this.props.status !== 'pending') throw new LimitRequestNotPendingError(this.props.status);
    if (this.isDueAt(now)) throw new LimitRequestNotPendingError('expired');
    const earliest = this.props.createdAt.getTime() + LIMIT_RAISE_DELAY_MS;
    const effectiveAt = status === 'approved' ? new Date(Math.max(earliest, now.getTime())) : null;
    this.props = { ...this.props, status, responseReason, decidedBy: adminId, decidedAt: now, effectiveAt, updatedAt: now };
    this.record(status === 'approved' ? limitRequestApproved(this.props) : limitRequestRejected(this.props));
  }

  private record(event: DomainEvent): void {
    this.events.push(event);
  }
}
