import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { DepositUseCase } from '../../application/deposit.use-case.js';
import { DepositRequest, DepositResponse } from './deposit.request.js';

@ApiTags('Sandbox')
@Controller('api/v1/sandbox/deposits')
export class SandboxDepositsController {
  constructor(private readonly deposit: DepositUseCase) {}

  @Post()
  @HttpCode(200)
  // A simulated inbound Pix needs the scope of receiving one.
  @ClientEndpoint('pix:cashin:write')
  @ApiOperation({
    operationId: 'sandboxDeposit',
    summary: 'Simulate an inbound Pix credit to one of your accounts (sandbox provider only)',
    description:
      'Credits `amount` to your default account (or `account_id`) as a completed `cash_in` from a simulated external payer, fees applied. Exists only with PIX_PROVIDER=sandbox; needs pix:cashin:write.',
  })
  @ApiOkResponse({ type: DepositResponse })
  @ApiErrors('ACCOUNT_NOT_FOUND', 'AMOUNT_TOO_LARGE')
  async create(@CurrentPrincipal() p: Principal, @Body() body: DepositRequest): Promise<DepositResponse> {
    const d = await this.deposit.execute({ clientId: p.id, amount: body.amount, accountId: body.account_id, payer: body.payer });
    return {
      success: true,
      data: {
        transaction_id: d.transactionId,
        end_to_end_id: d.endToEndId,
        account_id: d.accountId,
        amount: d.amount.toFixed2(),
        status: d.status,
        type: 'cash_in',
      },
    };
  }
}
