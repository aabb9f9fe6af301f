import { Injectable } from '@nestjs/common';

import { Money } from '../../../../shared/money/money.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { UnitOfWork } from '../../../../shared/persistence/unit-of-work.js';
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
} from '../../application/transaction.repository.js';
import { counterpartyOf, type StatementDetail } from '../../domain/statement-detail.js';
import { Transaction, type Party, type TransactionStatus, type TransactionType } from '../../domain/transaction.aggregate.js';

/** How many filters at the total's cap each process remembers (cleared when full). */
const AT_CAP_MEMORY = 10_000;

/** A second external_id of one client and type, as the refusal it is. */
function duplicateExternalId(): DomainError {
  return new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for this kind of resource', [
    { field: 'external_id', issue: 'already used' },
  ]);
}

const jsonOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** A transactions row as findById and list select it: money as text, jsonb parsed by pg. */
interface TransactionRow {
  id: string;
  client_id: string;
  account_id: string;
  type: string;
  status: string;
  external_id: string | null;
  reference: string | null;
  amount: string;
  tax_amount: string;
  refunded_amount: string;
  pix_key: string | null;
  pix_key_type: string | null;
  end_to_end_id: string | null;
  payer: Party | null;
  receiver: Party | null;
  description: string | null;
  txid: string | null;
  channel: string;
  metadata: Record<string, unknown> | null;
  error_code: string | null;
  error_message: string | null;
  processed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toDomain = (r: TransactionRow): Transaction =>
  Transaction.restore({
    id: r.id,
    clientId: r.client_id,
    accountId: r.account_id,
    type: r.type as TransactionType,
    status: r.status as TransactionStatus,
    externalId: r.external_id,
    reference: r.reference,
    amount: Money.of(r.amount),
    taxAmount: Money.of(r.tax_amount),
    refundedAmount: Money.of(r.refunded_amount),
    pixKey: r.pix_key,
    pixKeyType: r.pix_key_type,
    endToEndId: r.end_to_end_id,
    payer: r.payer,
    receiver: r.receiver,
    description: r.description,
    txid: r.txid,
    channel: r.channel,
    metadata: r.metadata,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    processedAt: r.processed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });

/** A list filter as SQL: a WHERE over `transactions t` made of fixed fragments, and its values, in `$n` order. */
interface ListWhere {
  where: string;
  params: readonly unknown[];
}

function listWhere(f: TransactionFilter): ListWhere {
  const params: unknown[] = [f.clientId];
  const where = ['t.client_id = $1'];
  if (f.type) {
    params.push(f.type);
    where.push(`t.type = $${params.length}`);
  }
  if (f.status) {
    params.push(f.status);
    where.push(`t.status = $${params.length}`);
  }
  if (f.endToEndId) {
    params.push(f.endToEndId);
    where.push(`t.end_to_end_id = $${params.length}`);
  }
  if (f.reference) {
    params.push(f.reference);
    where.push(`t.reference = $${params.length}`);
  }
  if (f.from && f.to) {
    params.push(f.from, f.to);
    where.push(`t.created_at BETWEEN $${params.length - 1} AND $${params.length}`);
  }
  return { where: where.join(' AND '), params };
}

/** A received payment's row as findReceived and listReceived select it. */
interface ReceivedPixRow {
  id: string;
  type: 'cash_in' | 'p2p_in';
  amount: string;
  refundedAmount: string;
  endToEndId: string;
  txid: string | null;
  pixKey: string | null;
  description: string | null;
  payer: Party | null;
  receivedAt: Date;
  total?: number;
}

const RECEIVED_PIX_COLUMNS = `id, type, amount::text, refunded_amount::text AS "refundedAmount", end_to_end_id AS "endToEndId", txid,
  pix_key AS "pixKey", description, payer, processed_at AS "receivedAt"`;

const receivedPixOf = (r: ReceivedPixRow): ReceivedPix => ({
  id: r.id,
  type: r.type,
  amount: Money.of(r.amount),
  refundedAmount: Money.of(r.refundedAmount),
  endToEndId: r.endToEndId,
  txid: r.txid,
  pixKey: r.pixKey,
  // A charge's line holds the merchant's description, not a word of the payer's.
  payerMessage: r.type === 'p2p_in' ? r.description : null,
  payer: r.payer,
  receivedAt: r.receivedAt,
});

@Injectable()
export class SqlTransactionRepository extends TransactionRepository {
  /** Filters (without `status`) whose total has reached LIST_TOTAL_CAP; see cappedTotal. */
  private readonly atCap = new Set<string>();

  constructor(
    private readonly sql: SqlSession,
    private readonly uow: UnitOfWork,
  ) {
    super();
  }

  async insert(tx: Transaction): Promise<void> {
    // One statement, in every payment's transaction. A duplicate external_id (uq_transactions_external_id) inserts
    // nothing and is refused here as DUPLICATE_EXTERNAL_ID: found by ON CONFLICT DO NOTHING, not by a unique
    // violation, whose DETAIL would write the external_id into the server log
    // (docs/adr/0087-values-travel-as-bound-parameters.md).
    const t = tx.snapshot;
    const inserted = await this.sql.write(
      `INSERT INTO transactions (id, client_id, account_id, type, status, external_id, reference, amount, tax_amount, pix_key,
           pix_key_type, end_to_end_id, payer, receiver, description, channel, metadata, error_code, error_message, processed_at,
           created_at, updated_at, txid)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $15, $16, $17::jsonb, $18, $19, $20, $21, $22,
           $23)
         ON CONFLICT (client_id, type, external_id) WHERE external_id IS NOT NULL DO NOTHING`,
      [
        t.id,
        t.clientId,
        t.accountId,
        t.type,
        t.status,
        t.externalId,
        t.reference,
        t.amount.toFixed6(),
        t.taxAmount.toFixed6(),
        t.pixKey,
        t.pixKeyType,
        t.endToEndId,
        jsonOrNull(t.payer),
        jsonOrNull(t.receiver),
        t.description,
        t.channel,
        jsonOrNull(t.metadata),
        t.errorCode,
        t.errorMessage,
        t.processedAt,
        t.createdAt,
        t.updatedAt,
        t.txid,
      ],
    );
    if (inserted === 0) throw duplicateExternalId();
  }

  async setStatus(id: string, c: StatusChange): Promise<void> {
    await this.sql.write(
      `UPDATE transactions SET status = $2::varchar, updated_at = $3::timestamptz,
              processed_at = CASE WHEN $2::varchar = 'completed' THEN $3::timestamptz ELSE processed_at END,
              error_code = COALESCE($4, error_code), error_message = COALESCE($5, error_message)
       WHERE id = $1`,
      [id, c.status, c.at, c.failure?.code ?? null, c.failure?.message ?? null],
    );
  }

  async setReceived(id: string, r: Receipt): Promise<void> {
    await this.sql.write(
      `UPDATE transactions SET status = 'completed', amount = $2, tax_amount = $3, end_to_end_id = $4, payer = $5::jsonb,
              processed_at = $6, updated_at = $6
       WHERE id = $1 AND status = 'pending'`,
      [id, r.amount.toFixed6(), r.fee.toFixed6(), r.endToEndId, JSON.stringify(r.payer), r.at],
    );
  }

  async lockReceived(clientId: string, endToEndId: string): Promise<ReceivedPayment | null> {
    const [row] = await this.sql.read<{
      id: string;
      clientId: string;
      accountId: string;
      type: 'cash_in' | 'p2p_in';
      amount: string;
      refundedAmount: string;
      endToEndId: string;
      payer: Party | null;
      receiver: Party | null;
      receivedAt: Date;
    }>(
      `SELECT id, client_id AS "clientId", account_id AS "accountId", type, amount::text, refunded_amount::text AS "refundedAmount",
              end_to_end_id AS "endToEndId", payer, receiver, COALESCE(processed_at, created_at) AS "receivedAt"
       FROM transactions
       WHERE client_id = $1 AND end_to_end_id = $2 AND type IN ('cash_in', 'p2p_in') AND status = 'completed'
       FOR UPDATE`,
      [clientId, endToEndId],
    );
    return row ? { ...row, amount: Money.of(row.amount), refundedAmount: Money.of(row.refundedAmount) } : null;
  }

  async findReceived(clientId: string, endToEndId: string): Promise<ReceivedPix | null> {
    const [row] = await this.sql.read<ReceivedPixRow>(
      `SELECT ${RECEIVED_PIX_COLUMNS} FROM transactions
       WHERE client_id = $1 AND end_to_end_id = $2 AND type IN ('cash_in', 'p2p_in') AND status = 'completed'`,
      [clientId, endToEndId],
    );
    return row ? receivedPixOf(row) : null;
  }

  async listReceived(f: ReceivedPixFilter): Promise<{ items: ReceivedPix[]; total: number }> {
    // Fixed fragments, values bound. Served by (client_id, type, created_at): a payment arrives after its row
    // was made, so the window on processed_at is narrowed on created_at first (created_at <= processed_at).
    const params: unknown[] = [f.clientId, f.from, f.to];
    const where = [
      't.client_id = $1',
      "t.type IN ('cash_in', 'p2p_in')",
      "t.status = 'completed'",
      't.created_at <= $3',
      't.processed_at BETWEEN $2 AND $3',
    ];
    if (f.txid !== undefined) {
      params.push(f.txid);
      where.push(`t.txid = $${params.length}`);
    }
    if (f.withTxid !== undefined) where.push(f.withTxid ? 't.txid IS NOT NULL' : 't.txid IS NULL');
    if (f.refunded !== undefined) where.push(f.refunded ? 't.refunded_amount > 0' : 't.refunded_amount = 0');
    if (f.payerDocuments !== undefined) {
      params.push(f.payerDocuments);
      where.push(`t.payer->>'document' = ANY($${params.length}::text[])`);
    }
    params.push(f.limit, f.offset);
    // The total rides on each row (a window count over the filter): one statement, one round trip.
    const rows = await this.sql.read<ReceivedPixRow>(
      `SELECT ${RECEIVED_PIX_COLUMNS}, count(*) OVER ()::int AS total FROM transactions t
       WHERE ${where.join(' AND ')}
       ORDER BY t.processed_at, t.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    if (rows.length === 0 && f.offset > 0) {
      // Past the last page: the count is asked alone.
      const [counted] = await this.sql.read<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions t WHERE ${where.join(' AND ')}`,
        params.slice(0, -2),
      );
      return { items: [], total: counted!.n };
    }
    return { items: rows.map(receivedPixOf), total: rows[0]?.total ?? 0 };
  }

  async sentOnUs(endToEndId: string, receiverClientId: string): Promise<SentPayment | null> {
    const [row] = await this.sql.read<SentPayment>(
      `SELECT id, client_id AS "clientId", account_id AS "accountId" FROM transactions
       WHERE end_to_end_id = $1 AND type IN ('cash_out', 'p2p_out') AND client_id <> $2 LIMIT 1`,
      [endToEndId, receiverClientId],
    );
    return row ?? null;
  }

  async addRefunded(id: string, delta: Money): Promise<void> {
    await this.sql.write(`UPDATE transactions SET refunded_amount = refunded_amount + $2::numeric WHERE id = $1`, [id, delta.toFixed6()]);
  }

  async statementDetails(ids: string[]): Promise<StatementDetail[]> {
    // A statement's batch: primary-key probes, only the columns a statement line shows.
    const rows = await this.sql.read<{
      id: string;
      type: TransactionType;
      end_to_end_id: string | null;
      txid: string | null;
      payer: Party | null;
      receiver: Party | null;
    }>(`SELECT id, type, end_to_end_id, txid, payer, receiver FROM transactions WHERE id = ANY($1::uuid[])`, [ids]);
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      endToEndId: r.end_to_end_id,
      txid: r.txid,
      counterparty: counterpartyOf(r.type, r.payer, r.receiver),
    }));
  }

  async findById(id: string): Promise<Transaction | null> {
    const [row] = await this.sql.read<TransactionRow>(
      `SELECT id, client_id, account_id, type, status, external_id, reference, amount::text, tax_amount::text,
              refunded_amount::text, pix_key, pix_key_type, end_to_end_id, payer, receiver, description, txid, channel, metadata,
              error_code, error_message, processed_at, created_at, updated_at
       FROM transactions WHERE id = $1`,
      [id],
    );
    return row ? toDomain(row) : null;
  }

  async list(f: TransactionFilter): Promise<{ items: Transaction[]; total: number }> {
    const filter = listWhere(f);
    // Served by (client_id[, type | status | reference], created_at DESC, id DESC). The page's ids come
    // first, from the index alone (an index-only scan of offset + limit entries), and only those rows
    // are read from the table: an offset no longer reads every skipped row from the heap.
    const params = [...filter.params, f.limit, f.offset];
    const rows = await this.sql.read<TransactionRow>(
      `SELECT tx.id, tx.client_id, tx.account_id, tx.type, tx.status, tx.external_id, tx.reference, tx.amount::text,
              tx.tax_amount::text, tx.refunded_amount::text, tx.pix_key, tx.pix_key_type, tx.end_to_end_id, tx.payer,
              tx.receiver, tx.description, tx.txid, tx.channel, tx.metadata, tx.error_code, tx.error_message, tx.processed_at,
              tx.created_at, tx.updated_at
       FROM transactions tx
       WHERE tx.id IN (
         SELECT t.id FROM transactions t WHERE ${filter.where}
         ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length - 1} OFFSET $${params.length})
       ORDER BY tx.created_at DESC, tx.id DESC`,
      params,
    );
    // The total after the page, on the same connection: asked for together outside a transaction, they would
    // hold two connections and two backends per request (measured: the many-rows p99 under load rose).
    return { items: rows.map(toDomain), total: await this.cappedTotal(f, filter) };
  }

  /**
   * Matching rows counted up to LIST_TOTAL_CAP + 1, so the cost is bounded whatever the history, in the
   * list's order, so the count reads the page's index (in time order, as the table is) and not whichever
   * index is smallest. Rows are never deleted and only their status changes, so once a filter without
   * `status` has reached the cap it stays there: such filters are remembered (bounded, per process) and
   * not counted again. That is the 10,001 index entries a long history would otherwise read per page.
   */
  private async cappedTotal(f: TransactionFilter, filter: ListWhere): Promise<number> {
    const key = f.status
      ? null
      : JSON.stringify([
          f.clientId,
          f.type ?? null,
          f.endToEndId ?? null,
          f.reference ?? null,
          f.from?.toISOString() ?? null,
          f.to?.toISOString() ?? null,
        ]);
    if (key !== null && this.atCap.has(key)) return LIST_TOTAL_CAP;
    const params = [...filter.params, LIST_TOTAL_CAP + 1];
    const [counted] = await this.sql.read<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM transactions t WHERE ${filter.where}
         ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length}) capped`,
      params,
    );
    const n = counted!.n; // a COUNT always answers one row
    // Inside a transaction the count may include rows that will roll back: only committed data is remembered.
    if (key !== null && n > LIST_TOTAL_CAP && !this.uow.inTransaction()) {
      if (this.atCap.size >= AT_CAP_MEMORY) this.atCap.clear();
      this.atCap.add(key);
    }
    return Math.min(n, LIST_TOTAL_CAP);
  }
}
