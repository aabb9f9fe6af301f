import { Injectable } from '@nestjs/common';
import { GroupLock } from '../../../../shared/persistence/group-lock.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';

/**
 * A group-committed batch's first statement (docs/adr/0246-group-commit.md): the balances of the clients'
 * default accounts, the ones their payments are made from, row-locked in account id order, the order every
 * transaction locks balances in (`lockBalances`). The payments' own `lockBalances` then find them held.
 */
@Injectable()
export class PayingAccountsLock extends GroupLock {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  lock(clientIds: string[]): Promise<number> {
    return this.sql.write(
      `SELECT l.id FROM ledger_accounts l
       WHERE l.id IN (SELECT a.id FROM accounts a WHERE a.client_id = ANY($1::uuid[]) AND a.is_default)
       ORDER BY l.id FOR UPDATE OF l`,
      [clientIds],
    );
  }
}
