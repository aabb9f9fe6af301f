import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { GetBalanceUseCase } from '../../application/get-balance.use-case.js';
import { BalanceQuery } from './balance.request.js';
import { BalanceResponse } from './balance.response.js';

@ApiTags('Balance')
@Controller('api/v1/pix/balance')
export class BalanceController {
  constructor(private readonly getBalance: GetBalanceUseCase) {}

  @Get()
  @ClientEndpoint('pix:balance:read')
  @ApiOperation({
    operationId: 'getBalance',
    summary: 'Available, blocked and total balance of an account',
    description:
      '`available` can be spent; `blocked` is held by payments still settling and by MED blocks; `total = available + blocked`. Amounts have two decimals. Without `account_id`, your default account.',
  })
  @ApiOkResponse({ type: BalanceResponse })
  @ApiErrors('ACCOUNT_NOT_FOUND')
  async get(@CurrentPrincipal() principal: Principal, @Query() query: BalanceQuery): Promise<BalanceResponse> {
    const b = await this.getBalance.execute(principal.id, query.account_id);
    return {
      success: true,
      data: {
        account_id: b.accountId,
        available_balance: b.balance.available.toFixed2(),
        blocked_balance: b.balance.blocked.toFixed2(),
        total_balance: b.balance.total.toFixed2(),
        currency: 'BRL',
        updated_at: b.updatedAt.toISOString(),
      },
    };
  }
}
