import { Injectable } from '@nestjs/common';
import Big from 'big.js';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { FeeScheduleRepository } from '../../application/fee-schedule.repository.js';
import { FeeRule } from '../../domain/fee-rule.value-object.js';

interface FeeScheduleRow {
  transaction_type: string;
  fixed_amount: string;
  percent: string;
  updated_at: Date;
}

// numeric comes back as "0.5000"; the rule wants canonical decimals.
const toRule = (r: FeeScheduleRow) => FeeRule.of(Money.of(r.fixed_amount).toFixed2(), new Big(r.percent).toString());

@Injectable()
export class SqlFeeScheduleRepository extends FeeScheduleRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async find(clientId: string, transactionType: string): Promise<FeeRule | null> {
    const [row] = await this.sql.read<FeeScheduleRow>(
      `SELECT transaction_type, fixed_amount::text AS fixed_amount, percent::text AS percent, updated_at
       FROM fee_schedules WHERE client_id = $1 AND transaction_type = $2 LIMIT 1`,
      [clientId, transactionType],
    );
    return row ? toRule(row) : null;
  }

  async list(clientId: string) {
    const rows = await this.sql.read<FeeScheduleRow>(
      `SELECT transaction_type, fixed_amount::text AS fixed_amount, percent::text AS percent, updated_at
       FROM fee_schedules WHERE client_id = $1 ORDER BY transaction_type ASC`,
      [clientId],
    );
    return rows.map((r) => ({ transactionType: r.transaction_type, rule: toRule(r), updatedAt: r.updated_at }));
  }

  async save(clientId: string, transactionType: string, rule: FeeRule, adminId: string): Promise<void> {
    await this.sql.write(
      `INSERT INTO fee_schedules (client_id, transaction_type, fixed_amount, percent, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (client_id, transaction_type) DO UPDATE SET fixed_amount = EXCLUDED.fixed_amount, percent = EXCLUDED.percent,
         updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [clientId, transactionType, rule.fixed.toFixed6(), rule.percent, adminId, new Date()],
    );
  }
}
