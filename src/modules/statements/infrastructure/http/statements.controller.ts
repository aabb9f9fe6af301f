import { Controller, Get, Inject, Logger, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { ExportStatementUseCase } from '../../application/export-statement.use-case.js';
import { StatementDownloads } from '../../application/statement-downloads.js';
import { ResponseSink } from './response-sink.js';
import { StatementQuery } from './statement.request.js';

/** What one day's CSV statement looks like (an example for the document; the ids are the document's fixed ones). */
const CSV_EXAMPLE =
  'posted_at,entry_id,operation,transaction_type,transaction_id,end_to_end_id,txid,counterparty_name,counterparty_document,counterparty_ispb,amount,available_change,blocked_change,balance,available_balance,blocked_balance\r\n' +
  '2026-03-10T03:00:00.000Z,,opening_balance,,,,,,,,,,,100.00,100.00,0.00\r\n' +
  '2026-03-10T15:00:00.000Z,9b2f6a1e-3c4d-4e5f-8a6b-7c8d9e0f1a2b,credit,cash_in,3f2b8c1e-6d4a-4e7b-9a51-2c8d0e9f7a36,E12345678202603101500a1b2c3d4e5f,loja42,"Empresa Alfa, Ltda",**.345.678/0001-**,60701190,40.00,40.00,0.00,140.00,140.00,0.00\r\n' +
  '2026-03-11T03:00:00.000Z,,closing_balance,,,,,,,,,,,140.00,140.00,0.00\r\n';

const OFX_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n<OFX>\n' +
  '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20260310150000.000[0:GMT]</DTSERVER><LANGUAGE>POR</LANGUAGE><FI><ORG>Instant Payments Sandbox</ORG><FID>12345678</FID></FI></SONRS></SIGNONMSGSRSV1>\n' +
  '<BANKMSGSRSV1><STMTTRNRS><TRNUID>0</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>\n' +
  '<STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>12345678</BANKID><BRANCHID>0001</BRANCHID><ACCTID>1000017</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>\n' +
  '<BANKTRANLIST><DTSTART>20260310030000.000[0:GMT]</DTSTART><DTEND>20260311030000.000[0:GMT]</DTEND>\n' +
  '<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20260310150000.000[0:GMT]</DTPOSTED><TRNAMT>40.00</TRNAMT><FITID>9b2f6a1e-3c4d-4e5f-8a6b-7c8d9e0f1a2b</FITID><REFNUM>E12345678202603101500a1b2c3d4e5f</REFNUM><NAME>Empresa Alfa, Ltda</NAME><MEMO>cash_in credit txid loja42 **.345.678/0001-**</MEMO></STMTTRN>\n' +
  '</BANKTRANLIST>\n<LEDGERBAL><BALAMT>140.00</BALAMT><DTASOF>20260311030000.000[0:GMT]</DTASOF></LEDGERBAL>\n' +
  '<AVAILBAL><BALAMT>140.00</BALAMT><DTASOF>20260311030000.000[0:GMT]</DTASOF></AVAILBAL>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n';

@ApiTags('Statements')
@Controller('api/v1/statements')
export class StatementsController {
  private readonly logger = new Logger(StatementsController.name);

  constructor(
    private readonly statements: ExportStatementUseCase,
    private readonly downloads: StatementDownloads,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'statementDownloads'>,
  ) {}

  @Get()
  @ClientEndpoint('pix:balance:read')
  @ApiOperation({
    operationId: 'getStatement',
    summary: 'Statement of an account for a period, as CSV or OFX',
    description:
      "Every ledger entry of the account from `date_from` to `date_to` (São Paulo calendar days, both included, at most 366, not after today), oldest first: payments in and out, fees, reversals, holds, MED blocks, unblocks and returns, each with its end-to-end id, txid, the other side (documents masked as in the transaction record), its effect on the total balance (`amount`, signed) and on each bucket, and the running balance after it. The opening and closing balances are the ledger's at the period's first instant and at the first instant after it, all read in one consistent snapshot. `csv`: RFC 4180, a header row, then an `opening_balance` row, one row per entry and a `closing_balance` row; decimal strings with two decimals. `ofx`: OFX 2.2 (XML, UTF-8), a `STMTTRN` per entry that moved the total balance, `LEDGERBAL` the closing total and `AVAILBAL` the closing available balance. Streamed: any period size is served in constant memory. Downloads run at most 2 at once per client (`STATEMENT_CONCURRENCY_PER_CLIENT`) and 4 per server process (`STATEMENT_CONCURRENCY_PER_PROCESS`): past that, 429 `RATE_LIMITED` with `Retry-After`. A reader that takes nothing for 30 s (`STATEMENT_STALL_TIMEOUT_MS`) is cut off (the transfer ends incomplete). Without `account_id`, your default account.",
  })
  @ApiProduces('text/csv', 'application/x-ofx')
  @ApiOkResponse({
    description: 'The statement file (`Content-Disposition: attachment`)',
    content: {
      'text/csv': { schema: { type: 'string' }, example: CSV_EXAMPLE },
      'application/x-ofx': { schema: { type: 'string' }, example: OFX_EXAMPLE },
    },
  })
  @ApiErrors('ACCOUNT_NOT_FOUND', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LARGE', 'RATE_LIMITED')
  async export(@CurrentPrincipal() principal: Principal, @Query() q: StatementQuery, @Res() res: Response): Promise<void> {
    // Refusals come from here, before the first byte: they are answered with the error body (docs/conventions.md §3).
    const leave = this.downloads.enter(principal.id);
    try {
      const statement = await this.statements.prepare(principal.id, {
        accountId: q.account_id,
        dateFrom: q.date_from,
        dateTo: q.date_to,
        format: q.format ?? 'csv',
      });
      const sink = new ResponseSink(
        res,
        {
          'Content-Type': statement.format.contentType,
          'Content-Disposition': `attachment; filename="${statement.filename}"`,
          'Cache-Control': 'no-store',
        },
        this.config.statementDownloads.stallMs,
      );
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
    } finally {
      leave();
    }
  }
}
