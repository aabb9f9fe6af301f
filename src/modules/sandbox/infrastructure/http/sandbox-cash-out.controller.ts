import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';

import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { ReturnCashOutUseCase } from '../../../cash-out/application/return-cash-out.use-case.js';

export class SandboxReturnRequest {
  @ApiPropertyOptional({ example: '10.00', description: 'Defaults to the whole amount' })
  @Omittable()
  @IsAmount()
  amount?: string;
}

export class SandboxReturnResponse {
  @ApiPropertyOptional({ example: true }) success: boolean;
  @ApiPropertyOptional({ format: 'uuid', description: 'The cash-out' }) transaction_id: string;
  @ApiPropertyOptional({ example: 'returned' }) status: string;
  @ApiPropertyOptional({ example: '10.00' }) returned_amount: string;
}

@ApiTags('Sandbox')
@Controller('api/v1/sandbox/cash-out')
export class SandboxCashOutController {
  constructor(private readonly returns: ReturnCashOutUseCase) {}

  @Post(':id/return')
  @HttpCode(200)
  // Simulating a return acts on one's own cash-out: the cash-out write scope.
  @ClientEndpoint('pix:cashout:write')
  @ApiOperation({
    operationId: 'sandboxReturnCashOut',
    summary: "Simulate the recipient's bank returning one of your completed cash-outs",
    description:
      'Only a `completed` cash-out to another institution that was not returned yet (else 400 CASH_OUT_NOT_RETURNABLE). `amount` (default: all of it) comes back as a `reversal_in` and the cash-out becomes `returned`. Sandbox only; needs pix:cashout:write.',
  })
  // `amount` is optional, so is the body: none at all returns the whole amount.
  @ApiBody({ type: SandboxReturnRequest, required: false })
  @ApiOkResponse({ type: SandboxReturnResponse })
  @ApiErrors('CASH_OUT_NOT_FOUND', 'CASH_OUT_NOT_RETURNABLE', 'INVALID_STATE_TRANSITION')
  async return(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Cash-out', 'CASH_OUT_NOT_FOUND') id: string,
    @Body() body: SandboxReturnRequest,
  ): Promise<SandboxReturnResponse> {
    const cashOut = await this.returns.execute(id, p.id, body.amount);
    const c = cashOut.snapshot;
    return { success: true, transaction_id: c.id, status: c.status, returned_amount: c.returnedAmount!.toFixed2() };
  }
}
