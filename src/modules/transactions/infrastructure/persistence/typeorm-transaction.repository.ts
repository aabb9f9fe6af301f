import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';

import { Money } from '../../../../shared/money/money.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { TypeOrmUnitOfWork, type DatabaseErrorFields } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import {
  LIST_TOTAL_CAP,
  TransactionRepository,
  type Receipt,
  type ReceivedPayment,
  type SentPayment,
  type StatusChange,
  type TransactionFilter,
} from '../../application/transaction.repository.js';
import type { Party, Transaction } from '../../domain/transaction.aggregate.js';
import { TransactionMapper } from './transaction.mapper.js';
import { TransactionOrmEntity } from './transaction.orm-entity.js';

const UNIQUE_VIOLATION = '23505';
/** How many filters at the total's cap each process remembers (cleared when full). */
const AT_CAP_MEMORY = 10_000;

/** A second external_id of one client and type, as the refusal it is. */
function duplicateExternalId(err: DatabaseErrorFields): DomainError | null {
  if (err.code !== UNIQUE_VIOLATION || err.constraint !== 'uq_transactions_external_id') return null;
  return new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for this kind of resource', [
    { field: 'external_id', issue: 'already used' },
  ]);
}

const jsonOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

@Injectable()
export class TypeormTransactionRepository extends TransactionRepository {
  /** Filters (without `status`) whose total has reached LIST_TOTAL_CAP; see cappedTotal. */
  private readonly atCap = new Set<string>();

  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async insert(tx: Transaction): Promise<void> {
    // Plain SQL, sent with the transaction's next round trip: this insert is in every payment's transaction.
    const t = tx.snapshot;
    await this.uow.write(
      `INSERT INTO transactions (id, client_id, account_id, type, status, external_id, reference, amount, tax_amount, pix_key,
           pix_key_type, end_to_end_id, payer, receiver, description, channel, metadata, error_code, error_message, processed_at,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $15, $16, $17::jsonb, $18, $19, $20, $21, $22)`,
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
      ],
      duplicateExternalId,
    );
  }

  async setStatus(id: string, c: StatusChange): Promise<void> {
    await this.uow.write(
      `UPDATE transactions SET status = $2::varchar, updated_at = $3::timestamptz,
              processed_at = CASE WHEN $2::varchar = 'completed' THEN $3::timestamptz ELSE processed_at END,
              error_code = COALESCE($4, error_code), error_message = COALESCE($5, error_message)
       WHERE id = $1`,
      [id, c.status, c.at, c.failure?.code ?? null, c.failure?.message ?? null],
    );
  }

  async setReceived(id: string, r: Receipt): Promise<void> {
    await this.uow.write(
      `UPDATE transactions SET status = 'completed', amount = $2, tax_amount = $3, end_to_end_id = $4, payer = $5::jsonb,
              processed_at = $6, updated_at = $6
       WHERE id = $1 AND status = 'pending'`,
      [id, r.amount.toFixed6(), r.fee.toFixed6(), r.endToEndId, JSON.stringify(r.payer), r.at],
    );
  }

  async lockReceived(clientId: string, endToEndId: string): Promise<ReceivedPayment | null> {
    const [row] = await this.uow.read<{
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

  async sentOnUs(endToEndId: string, receiverClientId: string): Promise<SentPayment | null> {
    const [row] = await this.uow.read<SentPayment>(
      `SELECT id, client_id AS "clientId", account_id AS "accountId" FROM transactions
       WHERE end_to_end_id = $1 AND type IN ('cash_out', 'p2p_out') AND client_id <> $2 LIMIT 1`,
      [endToEndId, receiverClientId],
    );
    return row ?? null;
  }

  async addRefunded(id: string, delta: Money): Promise<void> {
    await this.uow.write(`UPDATE transactions SET refunded_amount = refunded_amount + $2::numeric WHERE id = $1`, [id, delta.toFixed6()]);
  }

  async findById(id: string): Promise<Transaction | null> {
    const row = await this.uow.manager().findOne(TransactionOrmEntity, { where: { id } });
    return row ? TransactionMapper.toDomain(row) : null;
  }

  async list(f: TransactionFilter): Promise<{ items: Transaction[]; total: number }> {
    const filtered = () => {
      const qb = this.uow.manager().createQueryBuilder(TransactionOrmEntity, 't').where('t.client_id = :c', { c: f.clientId });
      if (f.type) qb.andWhere('t.type = :type', { type: f.type });
      if (f.status) qb.andWhere('t.status = :status', { status: f.status });
      if (f.endToEndId) qb.andWhere('t.end_to_end_id = :e2e', { e2e: f.endToEndId });
      if (f.reference) qb.andWhere('t.reference = :ref', { ref: f.reference });
      if (f.from && f.to) qb.andWhere('t.created_at BETWEEN :from AND :to', { from: f.from, to: f.to });
      return qb;
    };
    // Served by (client_id[, type | status | reference], created_at DESC, id DESC). The page's ids come
    // first, from the index alone (an index-only scan of offset + limit entries), and only those rows
    // are read from the table: an offset no longer reads every skipped row from the heap.
    const page = filtered().select('t.id').orderBy('t.created_at', 'DESC').addOrderBy('t.id', 'DESC').limit(f.limit).offset(f.offset);
    const rows = await this.uow
      .manager()
      .createQueryBuilder(TransactionOrmEntity, 'tx')
      .where(`tx.id IN (${page.getQuery()})`)
      .setParameters(page.getParameters())
      .orderBy('tx.created_at', 'DESC')
      .addOrderBy('tx.id', 'DESC')
      .getMany();
    return { items: rows.map(TransactionMapper.toDomain), total: await this.cappedTotal(f, filtered) };
  }

  /**
   * Matching rows counted up to LIST_TOTAL_CAP + 1, so the cost is bounded whatever the history, in the
   * list's order, so the count reads the page's index (in time order, as the table is) and not whichever
   * index is smallest. Rows are never deleted and only their status changes, so once a filter without
   * `status` has reached the cap it stays there: such filters are remembered (bounded, per process) and
   * not counted again. That is the 10,001 index entries a long history would otherwise read per page.
   */
  private async cappedTotal(f: TransactionFilter, filtered: () => SelectQueryBuilder<TransactionOrmEntity>): Promise<number> {
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
    const [sql, params] = filtered()
      .select('1')
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .limit(LIST_TOTAL_CAP + 1)
      .getQueryAndParameters();
    const [{ n }] = await this.uow.manager().query(`SELECT count(*)::int AS n FROM (${sql}) capped`, params);
    // Inside a transaction the count may include rows that will roll back: only committed data is remembered.
    if (key !== null && n > LIST_TOTAL_CAP && !this.uow.inTransaction()) {
      if (this.atCap.size >= AT_CAP_MEMORY) this.atCap.clear();
      this.atCap.add(key);
    }
    return Math.min(n, LIST_TOTAL_CAP);
  }
}
