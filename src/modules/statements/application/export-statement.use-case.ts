import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { brazilDate } from '../../../shared/time/brazil-calendar.js';
import { Clock } from '../../../shared/time/clock.js';
import { SaoPauloPeriod } from '../../../shared/time/sao-paulo-period.js';
import { AccountDirectory, type AccountWithHolder } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { CSV_STATEMENT } from '../domain/csv-statement.js';
import { OFX_STATEMENT } from '../domain/ofx-statement.js';
import { statementLine, type StatementFormat } from '../domain/statement-line.js';
import type { StatementSink } from './statement-sink.js';

/** At most this many days per statement: a year, leap day included (docs/adr/0222-periods-are-sao-paulo-days.md). */
export const STATEMENT_MAX_DAYS = 366;

export const STATEMENT_FORMATS = { csv: CSV_STATEMENT, ofx: OFX_STATEMENT } as const;
export type StatementFormatName = keyof typeof STATEMENT_FORMATS;

/** A statement checked and ready: refusals are behind it, so writing it can start the answer. */
export interface PreparedStatement {
  format: StatementFormat;
  filename: string;
  writeTo(sink: StatementSink): Promise<void>;
}

/**
 * Every ledger entry of one of the caller's accounts in a period of São Paulo days, with the payment behind it
 * and the running balance, between the ledger's opening and closing balances, all read up to one cut of the
 * account's chain so they agree while payments go on (docs/adr/0221-statements-from-the-ledger.md).
 */
@Injectable()
export class ExportStatementUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly ledger: LedgerService,
    private readonly transactions: TransactionsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
  ) {}

  async prepare(
    clientId: string,
    q: { accountId?: string; dateFrom: string; dateTo: string; format: StatementFormatName },
  ): Promise<PreparedStatement> {
    const period = SaoPauloPeriod.of(q.dateFrom, q.dateTo, brazilDate(this.clock.now()), STATEMENT_MAX_DAYS);
    const { account } = await this.accounts.ownAccount(clientId, q.accountId);
    const format = STATEMENT_FORMATS[q.format];
    return {
      format,
      filename: `statement-${account.number}-${period.from}-${period.to}.${format.extension}`,
      writeTo: (sink) => this.write(account, period, format, sink),
    };
  }

  /**
   * The cut first (the balances and the last entry, one statement), then the entries up to it, a page at a time:
   * each page is read only once the reader took the one before, and no transaction or connection is held while
   * it does (docs/adr/0239-statements-read-in-pages-from-a-cut.md).
   */
  private async write(
    account: AccountWithHolder['account'],
    period: SaoPauloPeriod,
    format: StatementFormat,
    sink: StatementSink,
  ): Promise<void> {
    const cut = await this.ledger.cutChain(account.id, [period.start, period.end]);
    const [opening, closing] = cut.balances;
    const heading = {
      institution: { ispb: this.config.pspIspb, name: this.config.pspName },
      account: { id: account.id, branch: account.branch, number: account.number },
      dateFrom: period.from,
      dateTo: period.to,
      start: period.start,
      end: period.end,
      opening: opening!,
      closing: closing!,
      generatedAt: this.clock.now(),
    };
    let chunk = format.head(heading);
    for await (const entries of this.ledger.entriesUpTo(account.id, period.start, period.end, cut)) {
      const payments = await this.transactions.statementDetails([...new Set(entries.flatMap((e) => e.transactionId ?? []))]);
      for (const e of entries) chunk += format.line(statementLine(e, e.transactionId ? payments.get(e.transactionId) : undefined));
      await sink.write(chunk);
      chunk = '';
    }
    await sink.write(chunk + format.tail(heading));
  }
}
