import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';

import { DomainError } from '../../../../shared/errors/domain-error.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import {
  LIST_TOTAL_CAP,
  TransactionRepository,
  type StatusChange,
  type TransactionFilter,
} from '../../application/transaction.repository.js';
import type { Transaction } from '../../domain/transaction.aggregate.js';
import { TransactionMapper } from './transaction.mapper.js';
import { TransactionOrmEntity } from './transaction.orm-entity.js';

const UNIQUE_VIOLATION = '23505';

const jsonOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

@Injectable()
export class TypeormTransactionRepository extends TransactionRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async insert(tx: Transaction): Promise<void> {
    try {
      // Plain SQL: this insert is in every payment's transaction.
      const t = tx.snapshot;
      await this.uow.manager().query(
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
      );
    } catch (e) {
      const err = e as QueryFailedError & { code?: string; constraint?: string };
      if (err instanceof QueryFailedError && err.code === UNIQUE_VIOLATION && err.constraint === 'uq_transactions_external_id') {
        throw new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for this kind of resource', [
          { field: 'external_id', issue: 'already used' },
        ]);
      }
      throw e;
    }
  }

  async setStatus(id: string, c: StatusChange): Promise<void> {
    await this.uow.manager().query(
      `UPDATE transactions SET status = $2::varchar, updated_at = $3::timestamptz,
              processed_at = CASE WHEN $2::varchar = 'completed' THEN $3::timestamptz ELSE processed_at END,
              error_code = COALESCE($4, error_code), error_message = COALESCE($5, error_message)
       WHERE id = $1`,
      [id, c.status, c.at, c.failure?.code ?? null, c.failure?.message ?? null],
    );
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
    // Served by (client_id[, type | status], created_at DESC, id DESC): reads offset + limit index entries.
    const rows = await filtered().orderBy('t.created_at', 'DESC').addOrderBy('t.id', 'DESC').limit(f.limit).offset(f.offset).getMany();
    // The total is counted up to LIST_TOTAL_CAP + 1 rows, so its cost is bounded whatever the history.
    const [sql, params] = filtered()
      .select('1')
      .limit(LIST_TOTAL_CAP + 1)
      .getQueryAndParameters();
    const [{ n }] = await this.uow.manager().query(`SELECT count(*)::int AS n FROM (${sql}) capped`, params);
    return { items: rows.map(TransactionMapper.toDomain), total: Math.min(n, LIST_TOTAL_CAP) };
  }
}
