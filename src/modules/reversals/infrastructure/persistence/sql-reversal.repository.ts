import { Injectable } from '@nestjs/common';
import type { RefundCode } from '../../../../shared/domain/refund-code.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { ReversalRepository, type ReversalFilter } from '../../application/reversal.repository.js';
import { Reversal, type ReversalStatus } from '../../domain/reversal.aggregate.js';
import type { ReversalOrmEntity } from './reversal.orm-entity.js';

type Row = Omit<ReversalOrmEntity, 'amount'> & { amount: string };

const COLUMNS = `id, client_id AS "clientId", account_id AS "accountId", external_id AS "externalId",
  original_transaction_id AS "originalTransactionId", original_end_to_end_id AS "originalEndToEndId",
  refund_end_to_end_id AS "refundEndToEndId", amount::text, refund_code AS "refundCode", reason,
  customer_message AS "customerMessage", user_metadata AS "userMetadata", tags, payee, payee_transaction_id AS "payeeTransactionId",
  status, error_code AS "errorCode", error_message AS "errorMessage", completed_at AS "completedAt", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

const toDomain = (r: Row) =>
  Reversal.restore({ ...r, amount: Money.of(r.amount), refundCode: r.refundCode as RefundCode, status: r.status as ReversalStatus });

/** A second reversal with the same external_id (also caught by the transactions index, whichever comes first). */
function duplicateExternalId(): DomainError {
  return new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for this kind of resource', [
    { field: 'external_id', issue: 'already used' },
  ]);
}

@Injectable()
export class SqlReversalRepository extends ReversalRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insert(reversal: Reversal): Promise<void> {
    const r = reversal.snapshot;
    // A duplicate inserts nothing (ON CONFLICT DO NOTHING) and is refused here: a unique violation's DETAIL
    // would write the external_id into the server log (docs/adr/0087-values-travel-as-bound-parameters.md).
    const inserted = await this.sql.write(
      `INSERT INTO reversals (id, client_id, account_id, external_id, original_transaction_id, original_end_to_end_id, refund_end_to_end_id,
         amount, refund_code, reason, customer_message, user_metadata, tags, payee, payee_transaction_id, status, error_code, error_message,
         completed_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14::jsonb, $15, $16, $17, $18, $19, $20, $21)
       ON CONFLICT ON CONSTRAINT uq_reversals_external_id DO NOTHING`,
      [
        r.id,
        r.clientId,
        r.accountId,
        r.externalId,
        r.originalTransactionId,
        r.originalEndToEndId,
        r.refundEndToEndId,
        r.amount.toFixed6(),
        r.refundCode,
        r.reason,
        r.customerMessage,
        r.userMetadata === null ? null : JSON.stringify(r.userMetadata),
        JSON.stringify(r.tags),
        JSON.stringify(r.payee),
        r.payeeTransactionId,
        r.status,
        r.errorCode,
        r.errorMessage,
        r.completedAt,
        r.createdAt,
        r.updatedAt,
      ],
    );
    if (inserted === 0) throw duplicateExternalId();
  }

  async update(reversal: Reversal): Promise<void> {
    const r = reversal.snapshot;
    await this.sql.write(
      `UPDATE reversals SET status = $2, error_code = $3, error_message = $4, completed_at = $5, updated_at = $6 WHERE id = $1`,
      [r.id, r.status, r.errorCode, r.errorMessage, r.completedAt, r.updatedAt],
    );
  }

  async lock(id: string): Promise<Reversal | null> {
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM reversals WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toDomain(row) : null;
  }

  async findById(id: string): Promise<Reversal | null> {
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM reversals WHERE id = $1`, [id]);
    return row ? toDomain(row) : null;
  }

  async list(f: ReversalFilter): Promise<Reversal[]> {
    // Served by ix_reversals_client_created (and ix_reversals_original for end_to_end_id).
    const rows = await this.sql.read<Row>(
      `SELECT ${COLUMNS} FROM reversals
       WHERE client_id = $1
         AND ($2::timestamptz IS NULL OR created_at > $2) AND ($3::timestamptz IS NULL OR created_at < $3)
         AND ($4::varchar IS NULL OR original_end_to_end_id = $4) AND ($5::varchar IS NULL OR external_id = $5)
         AND ($7::varchar[] IS NULL OR original_end_to_end_id = ANY($7))
       ORDER BY created_at DESC, id DESC LIMIT $6`,
      [
        f.clientId,
        f.createdAfter ?? null,
        f.createdBefore ?? null,
        f.endToEndId ?? null,
        f.externalId ?? null,
        f.limit,
        f.endToEndIds ? [...f.endToEndIds] : null,
      ],
    );
    return rows.map(toDomain);
  }

  async refundedWithCode(clientId: string, originalEndToEndId: string, refundCode: RefundCode): Promise<Money> {
    // Served by ix_reversals_original.
    const [row] = await this.sql.read<{ total: string }>(
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM reversals
       WHERE client_id = $1 AND original_end_to_end_id = $2 AND refund_code = $3 AND status <> 'failed'`,
      [clientId, originalEndToEndId, refundCode],
    );
    return Money.of(row?.total ?? '0');
  }

  async unfinishedBefore(before: Date, limit: number): Promise<string[]> {
    const rows = await this.sql.read<{ id: string }>(
      `SELECT id FROM reversals WHERE status IN ('queued', 'processing') AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }
}
