import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { counterpartyOf, type StatementDetail } from '../domain/statement-detail.js';
import { Transaction, type Party } from '../domain/transaction.aggregate.js';
import {
  LIST_TOTAL_CAP,
  TransactionRepository,
  type Receipt,
  type ReceivedPayment,
  type ReceivedPix,
  type ReceivedPixFilter,
  type SentPayment,
  type StatusChange,
  type TransactionFilter,
} from './transaction.repository.js';
import type { TransactionsService } from './transactions.service.js';

/**
 * In-memory TransactionRepository for other modules' unit tests (pair it with the real
 * TransactionsService). Like the TypeORM adapter: `insert` refuses a second external_id for the same
 * client and type (DUPLICATE_EXTERNAL_ID, the partial unique index uq_transactions_external_id) and a
 * reused id; `setStatus` is one UPDATE (processed_at set on `completed`, a failure kept once written, an
 * unknown id a no-op; `setReceived` only completes a pending row); `list` is newest first with a capped total. Rows are copied in and out, so a
 * test sees only what was written. It has no transactions: rolling back is the unit of work's job.
 */
export class InMemoryTransactions extends TransactionRepository {
  private readonly rows = new Map<string, Transaction>();
  private copy = (t: Transaction) => Transaction.restore({ ...t.snapshot });

  async insert(tx: Transaction): Promise<void> {
    const s = tx.snapshot;
    if (this.rows.has(s.id)) throw new Error(`duplicate transaction id ${s.id}`);
    const clash =
      s.externalId !== null &&
      [...this.rows.values()].some(
        (r) => r.snapshot.clientId === s.clientId && r.snapshot.type === s.type && r.snapshot.externalId === s.externalId,
      );
    if (clash) {
      throw new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for this kind of resource', [
        { field: 'external_id', issue: 'already used' },
      ]);
    }
    this.rows.set(s.id, this.copy(tx));
  }

  async statementDetails(ids: string[]): Promise<StatementDetail[]> {
    return ids.flatMap((id) => {
      const t = this.rows.get(id)?.snapshot;
      return t
        ? [{ id, type: t.type, endToEndId: t.endToEndId, txid: t.txid, counterparty: counterpartyOf(t.type, t.payer, t.receiver) }]
        : [];
    });
  }

  async findById(id: string): Promise<Transaction | null> {
    const row = this.rows.get(id);
    return row ? this.copy(row) : null;
  }

  async setStatus(id: string, c: StatusChange): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return;
    const s = row.snapshot;
    this.rows.set(
      id,
      Transaction.restore({
        ...s,
        status: c.status,
        updatedAt: c.at,
        processedAt: c.status === 'completed' ? c.at : s.processedAt,
        errorCode: c.failure?.code ?? s.errorCode,
        errorMessage: c.failure?.message ?? s.errorMessage,
      }),
    );
  }

  async setReceived(id: string, r: Receipt): Promise<void> {
    const row = this.rows.get(id);
    if (!row || row.snapshot.status !== 'pending') return;
    this.rows.set(
      id,
      Transaction.restore({
        ...row.snapshot,
        status: 'completed',
        amount: r.amount,
        taxAmount: r.fee,
        endToEndId: r.endToEndId,
        payer: r.payer,
        processedAt: r.at,
        updatedAt: r.at,
      }),
    );
  }

  async lockReceived(clientId: string, endToEndId: string): Promise<ReceivedPayment | null> {
    const t = [...this.rows.values()]
      .map((r) => r.snapshot)
      .find(
        (r) =>
          r.clientId === clientId &&
          r.endToEndId === endToEndId &&
          (r.type === 'cash_in' || r.type === 'p2p_in') &&
          r.status === 'completed',
      );
    if (!t) return null;
    return {
      id: t.id,
      clientId: t.clientId,
      accountId: t.accountId,
      type: t.type as 'cash_in' | 'p2p_in',
      amount: t.amount,
      refundedAmount: t.refundedAmount,
      endToEndId: endToEndId,
      payer: t.payer,
      receiver: t.receiver,
      receivedAt: t.processedAt ?? t.createdAt,
    };
  }

  async findReceived(clientId: string, endToEndId: string): Promise<ReceivedPix | null> {
    const t = this.received(clientId).find((r) => r.endToEndId === endToEndId);
    return t ?? null;
  }

  async listReceived(f: ReceivedPixFilter): Promise<{ items: ReceivedPix[]; total: number }> {
    const all = this.received(f.clientId)
      .filter((r) => r.receivedAt >= f.from && r.receivedAt <= f.to)
      .filter((r) => f.txid === undefined || r.txid === f.txid)
      .filter((r) => f.withTxid === undefined || (r.txid !== null) === f.withTxid)
      .filter((r) => f.refunded === undefined || r.refundedAmount.gt(Money.zero()) === f.refunded)
      .filter((r) => f.payerDocuments === undefined || f.payerDocuments.includes(r.payer?.document ?? ''))
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id.localeCompare(b.id));
    return { items: all.slice(f.offset, f.offset + f.limit), total: all.length };
  }

  private received(clientId: string): ReceivedPix[] {
    return [...this.rows.values()]
      .map((r) => r.snapshot)
      .filter((r) => r.clientId === clientId && (r.type === 'cash_in' || r.type === 'p2p_in') && r.status === 'completed' && r.endToEndId)
      .map((t) => ({
        id: t.id,
        type: t.type as 'cash_in' | 'p2p_in',
        amount: t.amount,
        refundedAmount: t.refundedAmount,
        endToEndId: t.endToEndId!,
        txid: t.txid,
        pixKey: t.pixKey,
        payerMessage: t.type === 'p2p_in' ? t.description : null,
        payer: t.payer,
        receivedAt: t.processedAt ?? t.createdAt,
      }));
  }

  async sentOnUs(endToEndId: string, receiverClientId: string): Promise<SentPayment | null> {
    const t = [...this.rows.values()]
      .map((r) => r.snapshot)
      .find((r) => r.endToEndId === endToEndId && (r.type === 'cash_out' || r.type === 'p2p_out') && r.clientId !== receiverClientId);
    return t ? { id: t.id, clientId: t.clientId, accountId: t.accountId } : null;
  }

  /** Like the CHECK of the column: never below zero nor above the amount. */
  async addRefunded(id: string, delta: Money): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return;
    const refundedAmount = row.snapshot.refundedAmount.plus(delta);
    if (refundedAmount.isNegative() || refundedAmount.gt(row.snapshot.amount)) throw new Error('ck_transactions_refunded_amount');
    this.rows.set(id, Transaction.restore({ ...row.snapshot, refundedAmount }));
  }

  async list(f: TransactionFilter): Promise<{ items: Transaction[]; total: number }> {
    const matching = [...this.rows.values()]
      .filter((t) => t.snapshot.clientId === f.clientId)
      .filter((t) => (!f.type || t.snapshot.type === f.type) && (!f.status || t.snapshot.status === f.status))
      .filter((t) => (!f.endToEndId || t.snapshot.endToEndId === f.endToEndId) && (!f.reference || t.snapshot.reference === f.reference))
      .filter((t) => !(f.from && f.to) || (t.snapshot.createdAt >= f.from && t.snapshot.createdAt <= f.to))
      .sort((a, b) => b.snapshot.createdAt.getTime() - a.snapshot.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { items: matching.slice(f.offset, f.offset + f.limit).map(this.copy), total: Math.min(matching.length, LIST_TOTAL_CAP) };
  }

  /** Test helper: every stored row, in insertion order. */
  all(): Transaction[] {
    return [...this.rows.values()].map(this.copy);
  }
}

/**
 * Test helpers over an InMemoryTransactions for a world's assertions, to spread into the world:
 * `transaction`, a stored row with its money as decimal strings.
 */
export function transactionViews(store: InMemoryTransactions) {
  return {
    /** The stored transaction row `id` (money as decimal strings), or undefined. */
    transaction(id: string) {
      const row = store.all().find((t) => t.snapshot.id === id);
      if (!row) return undefined;
      const t = row.snapshot;
      return { ...t, amount: t.amount.toFixed2(), taxAmount: t.taxAmount.toFixed2(), refundedAmount: t.refundedAmount.toFixed2() };
    },
  };
}

/** A client's side of a payment a test records: their ids and how the statement shows them. */
export interface StatementHolder {
  clientId: string;
  accountId: string;
  party: Party;
}

/** What a recorded received payment changes between tests: how much, when, and who paid whom. */
export interface Received<Payer> {
  amount: string;
  at: Date;
  payer: Payer;
  receiver: StatementHolder;
}

/**
 * Test helper: `payer`, at another institution, paid `receiver`: the receiver's completed `cash_in` with the
 * given ids, as the statement records a payment received (the balance is the caller's to seed).
 */
export async function recordReceivedFromElsewhere(
  transactions: TransactionsService,
  ids: { transactionId: string; endToEndId: string },
  r: Received<Party>,
): Promise<void> {
  await transactions.recordPayment({
    id: ids.transactionId,
    clientId: r.receiver.clientId,
    accountId: r.receiver.accountId,
    type: 'cash_in',
    status: 'completed',
    amount: Money.of(r.amount),
    endToEndId: ids.endToEndId,
    payer: r.payer,
    receiver: r.receiver.party,
    at: r.at,
  });
}

/**
 * Test helper: `payer`, a client here too, paid `receiver` on-us: the payer's completed `p2p_out`
 * (`payerTransactionId`) and the receiver's completed `p2p_in` (`transactionId`), one end-to-end id.
 */
export async function recordReceivedOnUs(
  transactions: TransactionsService,
  ids: { payerTransactionId: string; transactionId: string; endToEndId: string },
  r: Received<StatementHolder>,
): Promise<void> {
  const common = {
    amount: Money.of(r.amount),
    endToEndId: ids.endToEndId,
    status: 'completed' as const,
    at: r.at,
    payer: r.payer.party,
    receiver: r.receiver.party,
  };
  await transactions.recordPayment({
    ...common,
    id: ids.payerTransactionId,
    clientId: r.payer.clientId,
    accountId: r.payer.accountId,
    type: 'p2p_out',
  });
  await transactions.recordPayment({
    ...common,
    id: ids.transactionId,
    clientId: r.receiver.clientId,
    accountId: r.receiver.accountId,
    type: 'p2p_in',
  });
}
