import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { PayChargeUseCase } from '../../../cash-in/application/pay-charge.use-case.js';
import { SandboxPayerDto } from './deposit.request.js';

export class SandboxPayChargeRequest {
  @ApiPropertyOptional({ example: '150.00', description: 'Defaults to the amount due now; any other amount is refused (AMOUNT_MISMATCH)' })
  @Omittable()
  @IsAmount()
  amount?: string;

  @ApiPropertyOptional({ type: SandboxPayerDto, description: 'The simulated external payer' })
  @Omittable()
  @IsObject({ message: 'payer must be an object' })
  @ValidateNested()
  @Type(() => SandboxPayerDto)
  payer?: SandboxPayerDto;
}

export class SandboxPayChargeDto {
  @ApiProperty({ format: 'uuid', description: "The charge's `cash_in` transaction" }) transaction_id: string;
  @ApiProperty({ example: 'E0000000020260310150012345678901' }) end_to_end_id: string;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ example: '0.00' }) fee: string;
  @ApiProperty({ example: 'completed' }) status: string;
}

export class SandboxPayChargeResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: SandboxPayChargeDto }) data: SandboxPayChargeDto;
}

@ApiTags('Sandbox')
@Controller('api/v1/sandbox/cash-in')
export class SandboxCashInController {
  constructor(private readonly pay: PayChargeUseCase) {}

  @Post(':id/pay')
  @HttpCode(200)
  // Receiving a payment for one's own charge: the cash-in write scope.
  @ClientEndpoint('pix:cashin:write')
  @ApiOperation({
    operationId: 'sandboxPayCharge',
    summary: 'Simulate an external payer paying one of your pending charges (sandbox provider only)',
    description:
      'Pays the charge with the amount due now (any other `amount` is 400 AMOUNT_MISMATCH): the charge completes and its `cash_in` is credited, fees applied, as a payment from another institution would. Sandbox only; needs pix:cashin:write.',
  })
  // Every field is optional, so is the body: none at all pays the amount due now.
  @ApiBody({ type: SandboxPayChargeRequest, required: false })
  @ApiOkResponse({ type: SandboxPayChargeResponse })
  @ApiErrors('CASH_IN_NOT_FOUND', 'CHARGE_NOT_PAYABLE', 'QR_CODE_EXPIRED', 'AMOUNT_MISMATCH')
  async payCharge(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Charge', 'CASH_IN_NOT_FOUND') id: string,
    @Body() body: SandboxPayChargeRequest,
  ): Promise<SandboxPayChargeResponse> {
    const paid = await this.pay.execute({ clientId: p.id, chargeId: id, amount: body.amount, payer: body.payer });
    return {
      success: true,
      data: {
        transaction_id: paid.transactionId,
        end_to_end_id: paid.endToEndId,
        amount: paid.amount.toFixed2(),
        fee: paid.fee.toFixed2(),
        status: 'completed',
      },
    };
  }
}
