import { Injectable } from '@nestjs/common';
import type { FollowedOnStatement } from '../../../shared/domain/statement-entry.js';
import type { Money } from '../../../shared/money/money.js';
import type { StatementDetail } from '../domain/statement-detail.js';
import { Transaction, type Party, type TransactionStatus, type TransactionType } from '../domain/transaction.aggregate.js';
import {
  TransactionRepository,
  type ReceivedPayment,
  type ReceivedPix,
  type ReceivedPixFilter,
  type SentPayment,
} from './transaction.repository.js';

// The vocabulary other modules need to talk to this one (its public API; the aggregate stays inside).
export { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../domain/transaction.aggregate.js';
export type {
  BankDetails,
  InstitutionOnly,
  Party,
  PartyBank,
  TransactionStatus,
  TransactionType,
} from '../domain/transaction.aggregate.js';
export type { ReceivedPayment, ReceivedPix, ReceivedPixFilter, SentPayment } from './transaction.repository.js';
export type { StatementDetail } from '../domain/statement-detail.js';

/** A payment as its client will see it in the statement, written when the payment is created. */
export interface NewPayment {
  id: string;
  clientId: string;
  accountId: string;
  type: TransactionType;
  /** The payment's own status at creation (`queued` cash-out, `completed` credit, `pending` charge). */
  status: TransactionStatus;
  amount: Money;
  /** What this service charged on it (inbound fees); zero when omitted. */
  fee?: Money;
  externalId?: string | null;
  reference?: string | null;
  pixKey?: string | null;
  pixKeyType?: string | null;
  endToEndId: string | null;
  payer: Party | null;
  receiver: Party | null;
  description?: string | null;
  /** The txid the payment carried (a QR code's), for the receiver's reconciliation. */
  txid?: string | null;
  metadata?: Record<string, unknown> | null;
  /** `api` unless the payment came from a simulation (`sandbox`). */
  channel?: 'api' | 'sandbox';
  at: Date;
}

/**
 * The write API other modules use for the statement. A payment module owns its state machine; its
 * transaction row is created with `recordPayment` and then only follows the payment (`follow`, from the
 * payment's own `statementEntry()`), so there is one source of truth per payment. Calls join the caller's unit of work, so the row
 * commits with the ledger movement and the outbox events.
 */
@Injectable()
export class TransactionsService {
  constructor(private readonly repo: TransactionRepository) {}

  /** Writes a payment's transaction row; a second external_id for the same client and type throws DUPLICATE_EXTERNAL_ID. */
  recordPayment(p: NewPayment): Promise<void> {
    return this.repo.insert(
      Transaction.create({
        id: p.id,
        clientId: p.clientId,
        accountId: p.accountId,
        type: p.type,
        status: p.status,
        externalId: p.externalId ?? null,
        reference: p.reference ?? null,
        amount: p.amount,
        ...(p.fee ? { taxAmount: p.fee } : {}),
        pixKey: p.pixKey ?? null,
        pixKeyType: p.pixKeyType ?? null,
        endToEndId: p.endToEndId,
        payer: p.payer,
        receiver: p.receiver,
        description: p.description ?? null,
        txid: p.txid ?? null,
        metadata: p.metadata ?? null,
        ...(p.channel ? { channel: p.channel } : {}),
        now: p.at,
      }),
    );
  }

  /**
   * The payment's statement line takes the payment's own state (`statementEntry()`, its mapping written
   * once per payment kind): status, timestamps and failure in one UPDATE; a paid receipt also takes what
   * arrived and `fee`, what this service charged on it. Called by each payment module's one save path, in
   * the caller's unit of work; nothing is written when the payment has no line (docs/adr/0199-statement-follows-the-payment.md).
   */
  follow(payment: FollowedOnStatement, priced?: { fee: Money }): Promise<void> {
    const entry = payment.statementEntry();
    if (!entry) return Promise.resolve();
    if (entry.receipt) {
      if (!priced) throw new Error(`the receipt ${entry.transactionId} is followed without its fee`);
      const { amount, endToEndId, payer } = entry.receipt;
      if (entry.status !== 'completed') throw new Error(`a receipt's line is completed, not ${entry.status}`);
      return this.repo.setReceived(entry.transactionId, { amount, fee: priced.fee, endToEndId, payer, at: entry.at });
    }
    return this.repo.setStatus(entry.transactionId, { status: entry.status, at: entry.at, failure: entry.failure });
  }

  /**
   * A completed payment the client received (`cash_in` or `p2p_in`), row-locked for the caller's
   * transaction: reversals of one payment take turns, so their sum is checked against what is left.
   */
  lockReceived(clientId: string, endToEndId: string): Promise<ReceivedPayment | null> {
    return this.repo.lockReceived(clientId, endToEndId);
  }

  /** A completed payment the client received (`cash_in` or `p2p_in`) by its end-to-end id, for reading; null when none. */
  received(clientId: string, endToEndId: string): Promise<ReceivedPix | null> {
    return this.repo.findReceived(clientId, endToEndId);
  }

  /** The client's completed received payments by when they arrived, oldest first, paged, with the total. */
  listReceived(filter: ReceivedPixFilter): Promise<{ items: ReceivedPix[]; total: number }> {
    return this.repo.listReceived(filter);
  }

  /** The payer's side of a payment made on-us (another client's `cash_out` or `p2p_out`), or null. */
  sentOnUs(endToEndId: string, receiverClientId: string): Promise<SentPayment | null> {
    return this.repo.sentOnUs(endToEndId, receiverClientId);
  }

  /** Records `delta` more (or, negative, less) of a received payment as refunded; the database refuses more than its amount. */
  addRefunded(id: string, delta: Money): Promise<void> {
    return this.repo.addRefunded(id, delta);
  }

  /** The payer and receiver of a transaction as its statement line shows them, or null when there is none. */
  async partiesOf(id: string): Promise<{ payer: Party | null; receiver: Party | null } | null> {
    const found = await this.repo.findById(id);
    return found ? { payer: found.snapshot.payer, receiver: found.snapshot.receiver } : null;
  }

  /** What an account's statement shows of the payments behind its ledger entries, by transaction id. */
  async statementDetails(ids: string[]): Promise<Map<string, StatementDetail>> {
    if (ids.length === 0) return new Map();
    return new Map((await this.repo.statementDetails(ids)).map((d) => [d.id, d]));
  }
}
