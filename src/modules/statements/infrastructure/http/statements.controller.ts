import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { ExportStatementUseCase } from '../../application/export-statement.use-case.js';
import { ResponseSink } from './response-sink.js';
import { StatementQuery } from './statement.request.js';

const TEXT = { schema: { type: 'string' as const } };

@ApiTags('Statements')
@Controller('api/v1/statements')
export class StatementsController {
  private readonly logger = new Logger(StatementsController.name);

  constructor(private readonly statements: ExportStatementUseCase) {}

  @Get()
  @ClientEndpoint('pix:balance:read')
  @ApiOperation({
    operationId: 'getStatement',
    summary: 'Statement of an account for a period, as CSV or OFX',
    description:
      "Every ledger entry of the account from `date_from` to `date_to` (São Paulo calendar days, both included, at most 366, not after today), oldest first: payments in and out, fees, reversals, holds, MED blocks, unblocks and returns, each with its end-to-end id, txid, the other side (documents masked as in the transaction record), its effect on the total balance (`amount`, signed) and on each bucket, and the running balance after it. The opening and closing balances are the ledger's at the period's first instant and at the first instant after it, all read in one consistent snapshot. `csv`: RFC 4180, a header row, then an `opening_balance` row, one row per entry and a `closing_balance` row; decimal strings with two decimals. `ofx`: OFX 2.2 (XML, UTF-8), a `STMTTRN` per entry that moved the total balance, `LEDGERBAL` the closing total and `AVAILBAL` the closing available balance. Streamed: any period size is served in constant memory. Without `account_id`, your default account.",
  })
  @ApiProduces('text/csv', 'application/x-ofx')
  @ApiOkResponse({
    description: 'The statement file (`Content-Disposition: attachment`)',
    content: { 'text/csv': TEXT, 'application/x-ofx': TEXT },
  })
  @ApiErrors('ACCOUNT_NOT_FOUND', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LARGE')
  async export(@CurrentPrincipal() principal: Principal, @Query() q: StatementQuery, @Res() res: Response): Promise<void> {
    // Refusals come from here, before the first byte: they are answered with the error body (docs/conventions.md §3).
    const statement = await this.statements.prepare(principal.id, {
      accountId: q.account_id,
      dateFrom: q.date_from,
      dateTo: q.date_to,
      format: q.format ?? 'csv',
    });
    const sink = new ResponseSink(res, {
      'Content-Type': statement.format.contentType,
      'Content-Disposition': `attachment; filename="${statement.filename}"`,
      'Cache-Control': 'no-store',
    });
    try {
      await statement.writeTo(sink);
    } catch (err) {
      if (!sink.started) throw err;
      // The status is sent: the only honest end is a cut-off answer, which the reader sees as a failed transfer.
      this.logger.warn({ err }, 'a statement stopped after its first bytes');
      res.destroy();
      return;
    }
    res.end();
  }
}
