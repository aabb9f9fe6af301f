import { STATEMENT_STATUSES, type StatementStatus } from '../../../shared/domain/statement-entry.js';
import { Money } from '../../../shared/money/money.js';

export const TRANSACTION_TYPES = ['cash_in', 'cash_out', 'p2p_in', 'p2p_out', 'reversal_out', 'reversal_in', 'med_return'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * `queued` is a payment we accepted and will settle (a cash-out); `pending` waits on someone else (a charge not
 * yet paid). A transaction shows its payment's own status word (docs/adr/0063-one-status-word-per-payment.md):
 * the kernel's statement vocabulary, which the payments' own mappings (`FollowedOnStatement`) speak too.
 */
export const TRANSACTION_STATUSES = STATEMENT_STATUSES;
export type TransactionStatus = StatementStatus;

export interface BankDetails {
  ispb: string;
  participant_name: string;
  agency: string;
  account: string;
  account_type: string;
}

/**
 * A payer's bank when only their institution is known: a payment from another institution names it by ISPB,
 * and the record keeps the name the participant list gave it when the money arrived (null when the list
 * lacks the ISPB; docs/adr/0225-the-payer-on-every-credit.md).
 */
export interface InstitutionOnly {
  ispb: string;
  participant_name: string | null;
}

/** A party's bank as a record knows it: the whole account (on-us, or typed by the payer), or only the institution. */
export type PartyBank = BankDetails | InstitutionOnly;

/** Whether the record knows the whole account, not only the institution. */
export function isWholeAccount(bank: PartyBank): bank is BankDetails {
  return 'account' in bank && bank.participant_name !== null;
}

export interface Party {
  name: string | null;
  document: string | null;
  bank?: PartyBank | null;
}

export interface TransactionProps {
  id: string;
  clientId: string;
  accountId: string;
  type: TransactionType;
  status: TransactionStatus;
  externalId: string | null;
  reference: string | null;
  amount: Money;
  taxAmount: Money;
  /** How much of this received payment has been given back by reversals (not failed ones). */
  refundedAmount: Money;
  pixKey: string | null;
  pixKeyType: string | null;
  endToEndId: string | null;
  payer: Party | null;
  receiver: Party | null;
  description: string | null;
  /**
   * The txid the payment carried for the receiver's reconciliation: a static QR code's 62-05 (both sides of
   * an on-us payment) or a dynamic code's charge txid (the payer's cash-out, and the charge's own line); null
   * when none (docs/adr/0213-static-codes-for-own-keys.md, docs/adr/0226-a-charge-line-carries-its-txid.md).
   */
  txid: string | null;
  channel: string;
  metadata: Record<string, unknown> | null;
  errorCode: string | null;
  errorMessage: string | null;
  processedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A movement of money as the client sees it: a statement line. It has no state machine of its own:
 * a payment (a cash-out, and later a charge, a refund) owns its machine, and its transaction row
 * follows it (TransactionsService.follow).
 */
export class Transaction {
  private constructor(private props: TransactionProps) {}

  static create(
    p: Omit<
      TransactionProps,
      | 'status'
      | 'errorCode'
      | 'errorMessage'
      | 'processedAt'
      | 'createdAt'
      | 'updatedAt'
      | 'taxAmount'
      | 'channel'
      | 'refundedAmount'
      | 'txid'
    > & {
      txid?: string | null;
      status?: TransactionStatus;
      taxAmount?: Money;
      channel?: string;
      now: Date;
    },
  ): Transaction {
    const { now, ...rest } = p;
    const status = p.status ?? 'pending';
    return new Transaction({
      ...rest,
      status,
      taxAmount: p.taxAmount ?? Money.zero(),
      refundedAmount: Money.zero(),
      txid: p.txid ?? null,
      channel: p.channel ?? 'api',
      errorCode: null,
      errorMessage: null,
      processedAt: status === 'completed' ? now : null,
      createdAt: now,
      updatedAt: now,
    });
  }

  static restore(props: TransactionProps): Transaction {
    return new Transaction(props);
  }

  get snapshot(): Readonly<TransactionProps> {
    return this.props;
  }

  get id(): string {
    return this.props.id;
  }

  get status(): TransactionStatus {
    return this.props.status;
  }

  get netAmount(): Money {
    return this.props.amount.minus(this.props.taxAmount);
  }
}
