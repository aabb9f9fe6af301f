import { Injectable } from '@nestjs/common';
import type { Money } from '../../../shared/money/money.js';
import { Transaction, type Party, type TransactionStatus, type TransactionType } from '../domain/transaction.aggregate.js';
import {
  TransactionRepository,
  type Receipt,
  type ReceivedPayment,
  type SentPayment,
  type StatusChange,
} from './transaction.repository.js';

// The vocabulary other modules need to talk to this one (its public API; the aggregate stays inside).
export { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../domain/transaction.aggregate.js';
export type { BankDetails, Party, TransactionStatus, TransactionType } from '../domain/transaction.aggregate.js';
export type { Receipt, ReceivedPayment, SentPayment, StatusChange } from './transaction.repository.js';

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
  metadata?: Record<string, unknown> | null;
  /** `api` unless the payment came from a simulation (`sandbox`). */
  channel?: 'api' | 'sandbox';
  at: Date;
}

/**
 * The write API other modules use for the statement. A payment module owns its state machine; its
 * transaction row is created with `recordPayment` and then only follows the payment (`followPayment`),
 * so there is one source of truth per payment. Calls join the caller's unit of work, so the row
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
        metadata: p.metadata ?? null,
        ...(p.channel ? { channel: p.channel } : {}),
        now: p.at,
      }),
    );
  }

  /**
   * The payment moved (under its own row lock, along its own state machine) and its transaction row
   * takes the same status, timestamps and failure in one UPDATE.
   */
  followPayment(id: string, change: StatusChange): Promise<void> {
    return this.repo.setStatus(id, change);
  }

  /**
   * A pending receipt (a charge's `cash_in`) was paid: the row becomes `completed` with the amount that
   * arrived (a due-date charge's final amount), the fee, the end-to-end id and the payer, in one UPDATE.
   */
  receivePayment(id: string, receipt: Receipt): Promise<void> {
    return this.repo.setReceived(id, receipt);
  }

  /**
   * A completed payment the client received (`cash_in` or `p2p_in`), row-locked for the caller's
   * transaction: reversals of one payment take turns, so their sum is checked against what is left.
   */
  lockReceived(clientId: string, endToEndId: string): Promise<ReceivedPayment | null> {
    return this.repo.lockReceived(clientId, endToEndId);
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
}
