import { Injectable } from '@nestjs/common';
import { Money } from '../../../shared/money/money.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { TransactionStatus, TransactionType } from '../../transactions/domain/transaction.aggregate.js';
import type { CapTable } from '../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';
import { LimitSheet } from '../domain/limit-sheet.value-object.js';
import type { LimitWindows, TimeWindow } from '../domain/limit-windows.js';

/** Which transactions use up each limit type; `ted` and `boleto` have no flow yet, so nothing. */
export const USAGE_SOURCES: Readonly<Record<LimitType, TransactionType[]>> = {
  pix_out: ['cash_out', 'p2p_out'],
  pix_in: ['cash_in', 'p2p_in'],
  ted: [],
  boleto: [],
};

/**
 * Money on its way or gone counts; failed, cancelled and expired payments give it back. A returned
 * payment gives back only what was returned (a partial return keeps the rest counted).
 */
export const COUNTED_STATUSES: readonly TransactionStatus[] = ['pending', 'queued', 'processing', 'completed', 'returned'];

/** Builds an account's LimitSheet for one type from its caps and the transactions in each window. */
@Injectable()
export class LimitSheets {
  constructor(private readonly transactions: TransactionsService) {}

  async build(accountId: string, type: LimitType, caps: CapTable, w: LimitWindows, now: Date): Promise<LimitSheet> {
    const windows: Record<LimitPeriod, TimeWindow> = { daytime: w.daytime, nighttime: w.nighttime, daily: w.day, monthly: w.month };
    const used = {} as Record<LimitPeriod, Money>;
    // Sequential on purpose: inside a transaction all queries share one connection.
    for (const [period, window] of Object.entries(windows) as [LimitPeriod, TimeWindow][]) {
      used[period] = await this.usage(accountId, type, window, now);
    }
    return new LimitSheet(type, caps, used, w.current);
  }

  private async usage(accountId: string, type: LimitType, window: TimeWindow, now: Date): Promise<Money> {
    const types = USAGE_SOURCES[type];
    // A window that has not started yet (the other day period's next one) has nothing in it.
    if (types.length === 0 || window.from.getTime() > now.getTime()) return Money.zero();
    return this.transactions.sumAmounts({ accountId, types, statuses: [...COUNTED_STATUSES], from: window.from, to: window.to });
  }
}
