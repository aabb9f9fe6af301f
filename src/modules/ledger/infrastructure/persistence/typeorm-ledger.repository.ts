import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { AccountBalance } from '../../domain/account-balance.value-object.js';
import type { JournalDraft } from '../../domain/journal.js';
import {
  LedgerRepository,
  type LedgerEntryView,
  type LedgerVerification,
  type StoredBalance,
} from '../../application/ledger.repository.js';
import { JournalOrmEntity } from './journal.orm-entity.js';
import { LedgerAccountOrmEntity } from './ledger-account.orm-entity.js';
import { LedgerEntryOrmEntity } from './ledger-entry.orm-entity.js';
import { PostingOrmEntity } from './posting.orm-entity.js';

@Injectable()
export class TypeormLedgerRepository extends LedgerRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async openAccount(accountId: string, clientId: string): Promise<void> {
    await this.uow.manager().insert(LedgerAccountOrmEntity, { id: accountId, clientId, available: Money.zero(), blocked: Money.zero() });
  }

  async lockBalances(accountIds: string[]): Promise<Map<string, AccountBalance>> {
    const rows = await this.uow
      .manager()
      .createQueryBuilder(LedgerAccountOrmEntity, 'a')
      .where('a.id IN (:...ids)', { ids: accountIds })
      .orderBy('a.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    if (rows.length !== accountIds.length) throw new DomainError('ACCOUNT_NOT_FOUND', 'Ledger account not found');
    return new Map(rows.map((r) => [r.id, new AccountBalance(r.available, r.blocked)]));
  }

  async saveJournal(transactionId: string | null, description: string, draft: JournalDraft): Promise<string> {
    const m = this.uow.manager();
    const journal = await m.save(m.create(JournalOrmEntity, { transactionId, description: description.slice(0, 200) }));
    await m.insert(
      PostingOrmEntity,
      draft.postings.map((p) => ({
        journalId: journal.id,
        accountId: p.accountId,
        internalAccount: p.internalAccount,
        bucket: p.bucket,
        amount: p.amount,
      })),
    );
    await m.insert(
      LedgerEntryOrmEntity,
      draft.entries.map((e) => ({
        journalId: journal.id,
        transactionId,
        accountId: e.accountId,
        operationType: e.operation,
        amount: e.amount,
        status: 'posted',
        availableBefore: e.before.available,
        availableAfter: e.after.available,
        blockedBefore: e.before.blocked,
        blockedAfter: e.after.blocked,
      })),
    );
    for (const [id, balance] of draft.balances) {
      await m.update(LedgerAccountOrmEntity, { id }, { available: balance.available, blocked: balance.blocked });
    }
    return journal.id;
  }

  async findBalance(accountId: string): Promise<StoredBalance | null> {
    const row = await this.uow.manager().findOne(LedgerAccountOrmEntity, { where: { id: accountId } });
    if (!row) return null;
    return {
      accountId: row.id,
      clientId: row.clientId,
      balance: new AccountBalance(row.available, row.blocked),
      updatedAt: row.updatedAt,
    };
  }

  async entriesForTransactions(transactionIds: string[]): Promise<LedgerEntryView[]> {
    const rows = await this.uow.manager().find(LedgerEntryOrmEntity, {
      where: { transactionId: In(transactionIds) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => ({
      transactionId: r.transactionId,
      accountId: r.accountId,
      operationType: r.operationType,
      amount: r.amount.toFixed6(),
      status: r.status,
      availableBefore: r.availableBefore.toFixed6(),
      availableAfter: r.availableAfter.toFixed6(),
      blockedBefore: r.blockedBefore.toFixed6(),
      blockedAfter: r.blockedAfter.toFixed6(),
      createdAt: r.createdAt,
    }));
  }

  /** Double entry holds when every journal sums to zero and each stored balance equals its postings. */
  async verify(): Promise<LedgerVerification> {
    const m = this.uow.manager();
    const unbalanced: { journal_id: string }[] = await m.query(
      `SELECT journal_id FROM postings GROUP BY journal_id HAVING SUM(amount) <> 0 LIMIT 100`,
    );
    const mismatched: { id: string }[] = await m.query(`
      SELECT a.id FROM ledger_accounts a
      LEFT JOIN (
        SELECT account_id,
               COALESCE(SUM(amount) FILTER (WHERE bucket = 'available'), 0) AS available,
               COALESCE(SUM(amount) FILTER (WHERE bucket = 'blocked'), 0) AS blocked
        FROM postings WHERE account_id IS NOT NULL GROUP BY account_id
      ) p ON p.account_id = a.id
      WHERE a.available <> COALESCE(p.available, 0) OR a.blocked <> COALESCE(p.blocked, 0)
         OR a.available < 0 OR a.blocked < 0
      LIMIT 100`);
    const [{ journals }] = await m.query(`SELECT COUNT(*)::text AS journals FROM journals`);
    const [{ accounts }] = await m.query(`SELECT COUNT(*)::text AS accounts FROM ledger_accounts`);
    return {
      balanced: unbalanced.length === 0 && mismatched.length === 0,
      journalsChecked: Number(journals),
      accountsChecked: Number(accounts),
      unbalancedJournals: unbalanced.map((r) => r.journal_id),
      mismatchedAccounts: mismatched.map((r) => r.id),
    };
  }
}
