import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import type { FollowedOnStatement, StatementEntry } from '../../../shared/domain/statement-entry.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { addDays, brazilDate, brazilDayStart } from '../../../shared/time/brazil-calendar.js';
import { cashInCancelled, cashInExpired } from './cash-in.events.js';
import { calculateDueDateCharge, type DueDateChargeAmounts } from './due-date-charge.js';
import type { DueDateTerms } from './due-date-terms.value-object.js';

export const CHARGE_STATUSES = ['pending', 'completed', 'cancelled', 'expired'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** A due-date charge (cobv) stays payable this many calendar days after its due date (docs/conventions.md §9). */
export const DAYS_PAYABLE_AFTER_DUE = 30;

/**
 * Who paid, as the statement shows them (the transaction record's party shape): their bank is the whole
 * account (on-us, masked) or, from another institution, only its ISPB and participant-list name (null when
 * the list lacks it), as recorded when the charge was paid.
 */
export interface ChargePayer {
  name: string | null;
  document: string | null;
  bank?: { ispb: string; participant_name: string | null; agency?: string; account?: string; account_type?: string } | null;
}

/** The expected payer's address and e-mail (API Pix cobv `devedor`), each optional, kept as given. */
export interface PayerAddress {
  street?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  email?: string;
}

/** Fields of the request kept as given and shown back (no rule of ours reads them). */
export interface ChargeDetails {
  receiverAddress?: string;
  receiverState?: string;
  receiverPostalCode?: string;
  withdrawAmount?: string;
  withdrawAgentMode?: number;
  changeAmount?: string;
  changeAgentMode?: string;
  /** API Pix `infoAdicionais`: name and value pairs shown to the payer. */
  additionalInfo?: { name: string; value: string }[];
  /** API Pix cobv `devedor.logradouro`, `cidade`, `uf`, `cep`, `email` (the client API does not take them). */
  payerAddress?: PayerAddress;
}

export interface ChargeProps {
  id: string;
  clientId: string;
  accountId: string;
  txid: string;
  reference: string;
  description: string | null;
  amount: Money;
  /** The receiver's key the charge is issued under (a Pix charge always names one). */
  pixKey: string;
  pixKeyType: string;
  expectedPayer: { name: string | null; document: string | null } | null;
  expiresAt: Date;
  terms: DueDateTerms | null;
  details: ChargeDetails;
  metadata: Record<string, unknown> | null;
  qrCodeText: string;
  /** The charge's document id at the payment registry (the provider). */
  registryDocumentId: string;
  status: ChargeStatus;
  paidAmount: Money | null;
  endToEndId: string | null;
  payer: ChargePayer | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  expiredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * API Pix `revisao`: 0 when issued, one more at every stored change of the charge (the database counts it:
   * a trigger on every UPDATE of the row, docs/adr/0205-payload-location.md).
   */
  revision: number;
  /**
   * The API Pix location (`POST /loc`) the charge was issued at, whose URL its code carries; null: its own
   * location, `/qr/v2/<id>` (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
   */
  locationId: number | null;
}

/** What a revision may change in a pending charge (API Pix `PATCH /cob/{txid}`, `PATCH /cobv/{txid}`); absent: unchanged. */
export interface ChargeRevision {
  /** Seconds from the charge's creation until it expires (API Pix `calendario.expiracao`); immediate charges only. */
  expirationSeconds?: number;
  expectedPayer?: { name: string | null; document: string | null };
  /** Replaces the payer's address with the expected payer (null: none); due-date charges only. */
  payerAddress?: PayerAddress | null;
  description?: string;
}

/** What a payment of the charge must bring, on the day it is made. */
export interface AmountDue {
  amount: Money;
  /** The parts of a due-date charge's amount on that day; null for an immediate charge. */
  dueDate: DueDateChargeAmounts | null;
}

/**
 * A charge (Pix "cobrança"): pending until it is paid once (completed), cancelled by its owner, or
 * expired. An immediate charge expires at `expiresAt`; a due-date charge is payable until the end of
 * `due_date + 30` days in São Paulo, which is its `expiresAt`.
 */
export class Charge implements FollowedOnStatement {
  private events: DomainEvent[] = [];

  private constructor(private props: ChargeProps) {}

  static issue(
    p: Omit<
      ChargeProps,
      'status' | 'paidAmount' | 'endToEndId' | 'payer' | 'paidAt' | 'cancelledAt' | 'expiredAt' | 'updatedAt' | 'revision' | 'locationId'
    > & { locationId?: number | null },
  ): Charge {
    return new Charge({
      ...p,
      locationId: p.locationId ?? null,
      status: 'pending',
      paidAmount: null,
      endToEndId: null,
      payer: null,
      paidAt: null,
      cancelledAt: null,
      expiredAt: null,
      updatedAt: p.createdAt,
      revision: 0,
    });
  }

  static restore(props: ChargeProps): Charge {
    return new Charge(props);
  }

  /** The first instant a due-date charge can no longer be paid: the day after due_date + 30, in São Paulo. */
  static dueDateChargeExpiry(dueDate: string): Date {
    return brazilDayStart(addDays(dueDate, DAYS_PAYABLE_AFTER_DUE + 1));
  }

  get snapshot(): Readonly<ChargeProps> {
    return this.props;
  }

  get status(): ChargeStatus {
    return this.props.status;
  }

  /** Pending but past its expiry: the sweep (or the next read) will expire it. */
  isLapsed(now: Date): boolean {
    return this.props.status === 'pending' && now.getTime() >= this.props.expiresAt.getTime();
  }

  /** Pending and not lapsed. */
  isPayable(now: Date): boolean {
    return this.props.status === 'pending' && !this.isLapsed(now);
  }

  /** The amount a payment made at `now` must bring: the amount, or a due-date charge's final amount that day. */
  amountDue(now: Date): AmountDue {
    const terms = this.props.terms;
    if (!terms) return { amount: this.props.amount, dueDate: null };
    const parts = calculateDueDateCharge(terms, this.props.amount, brazilDate(now));
    return { amount: parts.finalAmount, dueDate: parts };
  }

  /**
   * Why a payment of `amount` (null: the amount due), priced at `pricedAt`, cannot be taken at `now`:
   * QR_CODE_EXPIRED, CHARGE_NOT_PAYABLE or AMOUNT_MISMATCH; null when it can. The payer's side fixes the
   * amount when the payment starts, so a due-date charge is owed what it cost on `pricedAt`.
   */
  refusalOfPayment(amount: Money | null, pricedAt: Date, now: Date): DomainError | null {
    if (this.isLapsed(now) || this.props.status === 'expired') {
      return new DomainError('QR_CODE_EXPIRED', 'This charge has expired and can no longer be paid');
    }
    if (this.props.status !== 'pending') {
      return new DomainError('CHARGE_NOT_PAYABLE', `This charge is ${this.props.status} and can no longer be paid`);
    }
    const due = this.amountDue(pricedAt).amount;
    if (amount && !amount.eq(due)) {
      return new DomainError('AMOUNT_MISMATCH', `This charge must be paid with exactly ${due.toFixed2()} today`, [
        { field: 'amount', issue: `must be ${due.toFixed2()}` },
      ]);
    }
    return null;
  }

  /** Records a payment the charge can take (see refusalOfPayment, thrown otherwise); returns the amount paid. */
  pay(p: { amount: Money | null; endToEndId: string; payer: ChargePayer; pricedAt: Date; now: Date }): Money {
    const refusal = this.refusalOfPayment(p.amount, p.pricedAt, p.now);
    if (refusal) throw refusal;
    const amount = p.amount ?? this.amountDue(p.pricedAt).amount;
    Object.assign(this.props, {
      status: 'completed',
      paidAmount: amount,
      endToEndId: p.endToEndId,
      payer: p.payer,
      paidAt: p.now,
      updatedAt: p.now,
    } satisfies Partial<ChargeProps>);
    return amount;
  }

  /** Only a pending charge can be cancelled (CHARGE_NOT_PENDING); a lapsed one has expired instead. */
  cancel(now: Date): void {
    if (this.isLapsed(now)) this.expire(now);
    if (this.props.status !== 'pending') {
      throw new DomainError('CHARGE_NOT_PENDING', `Only a pending charge can be cancelled; this one is ${this.props.status}`);
    }
    Object.assign(this.props, { status: 'cancelled', cancelledAt: now, updatedAt: now } satisfies Partial<ChargeProps>);
    this.events.push(cashInCancelled(this.closedSource()));
  }

  /**
   * Changes what a pending charge asks (an immediate charge's expiry; the expected payer, a due-date charge's
   * payer address, the description); its amount, terms and code stay. A lapsed one has expired instead, and
   * any charge no longer pending is refused (CHARGE_NOT_PENDING); an expiry already past, or one asked of a
   * due-date charge (payable until its due date + 30 days), is refused (VALIDATION_ERROR). The revision is
   * counted by the database at the save.
   */
  revise(changes: ChargeRevision, now: Date): void {
    if (this.isLapsed(now)) this.expire(now);
    if (this.props.status !== 'pending') {
      throw new DomainError('CHARGE_NOT_PENDING', `Only a pending charge can be revised; this one is ${this.props.status}`);
    }
    if (this.props.terms && changes.expirationSeconds !== undefined) {
      throw new DomainError('VALIDATION_ERROR', 'A due-date charge has no expiry of its own', [
        { field: 'expiration_time', issue: 'applies to immediate charges; a due-date charge is payable until due_date + 30 days' },
      ]);
    }
    if (!this.props.terms && changes.payerAddress !== undefined) {
      throw new DomainError('VALIDATION_ERROR', 'An immediate charge keeps no payer address', [
        { field: 'payer_address', issue: 'applies to due-date charges only' },
      ]);
    }
    const { payerAddress: _kept, ...otherDetails } = this.props.details;
    const details =
      changes.payerAddress === undefined
        ? this.props.details
        : { ...otherDetails, ...(changes.payerAddress !== null ? { payerAddress: changes.payerAddress } : {}) };
    let expiresAt = this.props.expiresAt;
    if (changes.expirationSeconds !== undefined) {
      expiresAt = new Date(this.props.createdAt.getTime() + changes.expirationSeconds * 1000);
      if (expiresAt.getTime() <= now.getTime()) {
        throw new DomainError('VALIDATION_ERROR', 'The new expiry is already past', [
          { field: 'expiration_time', issue: 'counted from the creation, it must end after now' },
        ]);
      }
    }
    Object.assign(this.props, {
      expiresAt,
      expectedPayer: changes.expectedPayer ?? this.props.expectedPayer,
      description: changes.description ?? this.props.description,
      details,
      updatedAt: now,
    } satisfies Partial<ChargeProps>);
  }

  /** Expires a lapsed pending charge; false (and nothing changes) otherwise. */
  expire(now: Date): boolean {
    if (!this.isLapsed(now)) return false;
    Object.assign(this.props, { status: 'expired', expiredAt: now, updatedAt: now } satisfies Partial<ChargeProps>);
    this.events.push(cashInExpired(this.closedSource()));
    return true;
  }

  /**
   * The merchant's `cash_in` line (the charge's own id): `pending` until paid, then `completed` with what
   * arrived (a due-date charge's final amount), its end-to-end id and payer; or `cancelled` / `expired`.
   */
  statementEntry(): StatementEntry {
    const c = this.props;
    return {
      transactionId: c.id,
      status: c.status,
      at: c.updatedAt,
      failure: null,
      receipt:
        c.status === 'completed' && c.paidAmount && c.endToEndId && c.payer
          ? { amount: c.paidAmount, endToEndId: c.endToEndId, payer: c.payer }
          : null,
    };
  }

  pullEvents(): DomainEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private closedSource() {
    const c = this.props;
    return { id: c.id, clientId: c.clientId, accountId: c.accountId, txid: c.txid, reference: c.reference, amount: c.amount };
  }
}
