import { Injectable } from '@nestjs/common';
import type { Counterparty } from '../../../../shared/domain/counterparty.js';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { UnitOfWork } from '../../../../shared/persistence/unit-of-work.js';
import { QrLookupRepository, type QrLookupRecord } from '../../application/qr-lookup.repository.js';

/** A qr_lookups row as `lock` selects it: money as text, jsonb parsed by pg. */
interface QrLookupRow {
  end_to_end_id: string;
  client_id: string;
  qr_type: 'static' | 'dynamic';
  pix_key: string | null;
  pix_key_type: string | null;
  receiver: Counterparty;
  fixed_amount: string | null;
  charge_id: string | null;
  result: Record<string, unknown>;
  created_at: Date;
  used_at: Date | null;
  cash_out_id: string | null;
}

@Injectable()
export class SqlQrLookupRepository extends QrLookupRepository {
  constructor(
    private readonly sql: SqlSession,
    private readonly uow: UnitOfWork,
  ) {
    super();
  }

  /**
   * The decode's record. Its commit need not wait for the disk: the payment that uses it consumes it in a
   * commit that waits (and so flushes it), and a lookup lost in a crash before any payment only means the
   * client decodes again (docs/adr/0080-commits-that-need-not-wait-for-the-disk.md).
   */
  async insert(r: QrLookupRecord): Promise<void> {
    await this.uow.runUnflushed(() =>
      this.sql.write(
        `INSERT INTO qr_lookups (end_to_end_id, client_id, qr_type, pix_key, pix_key_type, receiver, fixed_amount, charge_id, result,
         created_at, used_at, cash_out_id)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10, $11, $12)`,
        [
          r.endToEndId,
          r.clientId,
          r.qrType,
          r.pixKey,
          r.pixKeyType,
          JSON.stringify(r.receiver),
          r.fixedAmount?.toFixed6() ?? null,
          r.chargeId,
          JSON.stringify(r.result),
          r.createdAt,
          r.usedAt,
          r.cashOutId,
        ],
      ),
    );
  }

  async lock(endToEndId: string): Promise<QrLookupRecord | null> {
    const [row] = await this.sql.read<QrLookupRow>(
      `SELECT end_to_end_id, client_id, qr_type, pix_key, pix_key_type, receiver, fixed_amount::text, charge_id, result, created_at,
              used_at, cash_out_id
       FROM qr_lookups WHERE end_to_end_id = $1 FOR UPDATE`,
      [endToEndId],
    );
    if (!row) return null;
    return {
      endToEndId: row.end_to_end_id,
      clientId: row.client_id,
      qrType: row.qr_type,
      pixKey: row.pix_key,
      pixKeyType: row.pix_key_type,
      receiver: row.receiver,
      fixedAmount: row.fixed_amount === null ? null : Money.of(row.fixed_amount),
      chargeId: row.charge_id,
      result: row.result,
      createdAt: row.created_at,
      usedAt: row.used_at,
      cashOutId: row.cash_out_id,
    };
  }

  async markUsed(endToEndId: string, cashOutId: string, at: Date): Promise<void> {
    await this.sql.write(`UPDATE qr_lookups SET used_at = $2, cash_out_id = $3 WHERE end_to_end_id = $1`, [endToEndId, at, cashOutId]);
  }
}
