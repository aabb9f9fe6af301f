import { Injectable } from '@nestjs/common';
import { brazilDate } from '../../../shared/time/brazil-calendar.js';
import { Clock } from '../../../shared/time/clock.js';
import { SaoPauloPeriod } from '../../../shared/time/sao-paulo-period.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import type { AccountBalance } from '../domain/account-balance.value-object.js';
import { LedgerService } from './ledger.service.js';

/** At most this many days per history: a year, leap day included (docs/adr/0222-periods-are-sao-paulo-days.md). */
export const BALANCE_HISTORY_MAX_DAYS = 366;

export interface DayClosing {
  /** The São Paulo calendar day. */
  date: string;
  /** The balance at its end: after every entry written before the next day began. */
  balance: AccountBalance;
}

export interface BalanceHistory {
  accountId: string;
  days: DayClosing[];
}

/** The closing balance of each São Paulo day of a period, on one of the caller's accounts. */
@Injectable()
export class BalanceHistoryUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, q: { accountId?: string; dateFrom: string; dateTo: string }): Promise<BalanceHistory> {
    const period = SaoPauloPeriod.of(q.dateFrom, q.dateTo, brazilDate(this.clock.now()), BALANCE_HISTORY_MAX_DAYS);
    const { account } = await this.accounts.ownAccount(clientId, q.accountId);
    // The same query as a statement's opening and closing balances, one instant per day's end.
    const closings = await this.ledger.balancesAt(account.id, period.dayEnds());
    return { accountId: account.id, days: period.days().map((date, i) => ({ date, balance: closings[i]! })) };
  }
}
