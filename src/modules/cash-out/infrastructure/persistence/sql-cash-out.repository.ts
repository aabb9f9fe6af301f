import { Injectable } from '@nestjs/common';
import type { Counterparty } from '../../../../shared/domain/counterparty.js';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { CashOutRepository } from '../../application/cash-out.repository.js';
import { CashOut, type CashOutStatus } from '../../domain/cash-out.aggregate.js';
import type { CashOutFlow, CashOutInitiation } from '../../domain/cash-out-flow.js';

/** A cash_outs row as the reads select it: money as text, jsonb parsed by pg. */
interface CashOutRow {
  id: string;
  client_id: string;
  account_id: string;
  external_id: string | null;
  amount: string;
  flow: string;
  initiation_type: string;
  description: string | null;
  pix_key: string | null;
  pix_key_type: string | null;
  payer: Counterparty;
  receiver: Counterparty;
  end_to_end_id: string;
  charge_id: string | null;
  txid: string | null;
  status: string;
  error_code: string | null;
  error_message: string | null;
  returned_amount: string | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toDomain = (r: CashOutRow): CashOut =>
  CashOut.restore({
    id: r.id,
    clientId: r.client_id,
    accountId: r.account_id,
    externalId: r.external_id,
    amount: Money.of(r.amount),
    flow: r.flow as CashOutFlow,
    initiation: r.initiation_type as CashOutInitiation,
    description: r.description,
    pixKey: r.pix_key,
    pixKeyType: r.pix_key_type,
    payer: r.payer,
    receiver: r.receiver,
    endToEndId: r.end_to_end_id,
    chargeId: r.charge_id,
    txid: r.txid,
    status: r.status as CashOutStatus,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    returnedAmount: r.returned_amount === null ? null : Money.of(r.returned_amount),
    completedAt: r.completed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });

/** The columns every read of a cash-out selects (CashOutRow), money as text. */
const COLUMNS = `id, client_id, account_id, external_id, amount::text, flow, initiation_type, description, pix_key, pix_key_type, payer, receiver, end_to_end_id,
  charge_id, txid, status, error_code, error_message, returned_amount::text, completed_at, created_at, updated_at`;

@Injectable()
export class SqlCashOutRepository extends CashOutRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insert(cashOut: CashOut): Promise<void> {
    // Plain SQL, one statement: this insert is in every cash-out's creation.
    const c = cashOut.snapshot;
    await this.sql.write(
      `INSERT INTO cash_outs (id, client_id, account_id, external_id, amount, flow, pix_key, pix_key_type, payer, receiver,
         end_to_end_id, status, error_code, error_message, returned_amount, completed_at, created_at, updated_at, charge_id, txid,
         initiation_type, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
      [
        c.id,
        c.clientId,
        c.accountId,
        c.externalId,
        c.amount.toFixed6(),
        c.flow,
        c.pixKey,
        c.pixKeyType,
        JSON.stringify(c.payer),
        JSON.stringify(c.receiver),
        c.endToEndId,
        c.status,
        c.errorCode,
        c.errorMessage,
        c.returnedAmount?.toFixed6() ?? null,
        c.completedAt,
        c.createdAt,
        c.updatedAt,
        c.chargeId,
        c.txid,
        c.initiation,
        c.description,
      ],
    );
  }

  async update(cashOut: CashOut): Promise<void> {
    const c = cashOut.snapshot;
    await this.sql.write(
      `UPDATE cash_outs SET status = $2, error_code = $3, error_message = $4, returned_amount = $5, completed_at = $6, updated_at = $7
       WHERE id = $1`,
      [c.id, c.status, c.errorCode, c.errorMessage, c.returnedAmount?.toFixed2() ?? null, c.completedAt, c.updatedAt],
    );
  }

  async findById(id: string): Promise<CashOut | null> {
    const [row] = await this.sql.read<CashOutRow>(`SELECT ${COLUMNS} FROM cash_outs WHERE id = $1`, [id]);
    return row ? toDomain(row) : null;
  }

  async findByEndToEndId(endToEndId: string): Promise<CashOut | null> {
    const [row] = await this.sql.read<CashOutRow>(`SELECT ${COLUMNS} FROM cash_outs WHERE end_to_end_id = $1`, [endToEndId]);
    return row ? toDomain(row) : null;
  }

  /** Twice in every settlement: plain SQL, one primary-key probe with its row lock. */
  async lock(id: string): Promise<CashOut | null> {
    const [row] = await this.sql.read<CashOutRow>(`SELECT ${COLUMNS} FROM cash_outs WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toDomain(row) : null;
  }

  /** A settlement batch's rows: one statement, the locks taken in id order. */
  async lockMany(ids: string[]): Promise<CashOut[]> {
    const rows = await this.sql.read<CashOutRow>(`SELECT ${COLUMNS} FROM cash_outs WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [
      ids,
    ]);
    return rows.map(toDomain);
  }

  async unfinishedBefore(before: Date, limit: number): Promise<string[]> {
    // Served by ix_cash_outs_unfinished (status, updated_at) WHERE status IN ('queued', 'processing').
    const rows = await this.sql.read<{ id: string }>(
      `SELECT id FROM cash_outs WHERE status IN ('queued', 'processing') AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }
}
