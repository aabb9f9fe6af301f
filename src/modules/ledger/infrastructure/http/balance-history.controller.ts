import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { addDays, brazilDayStart } from '../../../../shared/time/brazil-calendar.js';
import { BalanceHistoryUseCase } from '../../application/balance-history.use-case.js';
import { BalanceHistoryQuery } from './balance-history.request.js';
import { BalanceHistoryResponse } from './balance-history.response.js';

@ApiTags('Balance')
@Controller('api/v1/pix/balance/history')
export class BalanceHistoryController {
  constructor(private readonly history: BalanceHistoryUseCase) {}

  @Get()
  @ClientEndpoint('pix:balance:read')
  @ApiOperation({
    operationId: 'getBalanceHistory',
    summary: 'Closing balance of each São Paulo day of a period',
    description:
      "One row per calendar day from `date_from` to `date_to` (both included, São Paulo days, at most 366, not after today): the balance at the end of the day, as the ledger says, the same figure a statement of that day closes with. A day without movements repeats the previous closing; today's closing is the balance so far. Without `account_id`, your default account.",
  })
  @ApiOkResponse({ type: BalanceHistoryResponse })
  @ApiErrors('ACCOUNT_NOT_FOUND', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LARGE')
  async get(@CurrentPrincipal() principal: Principal, @Query() q: BalanceHistoryQuery): Promise<BalanceHistoryResponse> {
    const h = await this.history.execute(principal.id, { accountId: q.account_id, dateFrom: q.date_from, dateTo: q.date_to });
    return {
      success: true,
      data: {
        account_id: h.accountId,
        currency: 'BRL',
        days: h.days.map((d) => ({
          date: d.date,
          available_balance: d.balance.available.toFixed2(),
          blocked_balance: d.balance.blocked.toFixed2(),
          total_balance: d.balance.total.toFixed2(),
          as_of: brazilDayStart(addDays(d.date, 1)).toISOString(),
        })),
      },
    };
  }
}
