import { Body, Controller, Get, Param, ParseEnumPipe, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { AdminEndpoint, ApiErrors } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { AMOUNT_PATTERN, PERCENT_PATTERN } from '../../../../shared/money/money.js';
import { TRANSACTION_TYPES } from '../../../transactions/application/transactions.service.js';
import { FeeScheduleRepository } from '../../application/fee-schedule.repository.js';
import { SetFeeRuleUseCase } from '../../application/set-fee-rule.use-case.js';

export class SetFeeRuleRequest {
  @ApiProperty({ example: '0.50', description: 'Fixed part in BRL (>= 0)' })
  @IsString()
  @Matches(AMOUNT_PATTERN, { message: 'fixed_amount must be a decimal string >= 0 with at most 2 decimals' })
  fixed_amount: string;

  @ApiProperty({ example: '1.25', description: 'Percentage of the amount, 0 to 100, up to 4 decimals' })
  @IsString()
  @Matches(PERCENT_PATTERN, { message: 'percent must be a decimal string between 0 and 100' })
  percent: string;
}

export class FeeRuleDto {
  @ApiProperty({ enum: TRANSACTION_TYPES }) transaction_type: string;
  @ApiProperty({ example: '0.50' }) fixed_amount: string;
  @ApiProperty({ example: '1.25' }) percent: string;
}

export class FeeRuleResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: FeeRuleDto }) data: FeeRuleDto;
}

export class FeeScheduleResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: [FeeRuleDto] }) data: FeeRuleDto[];
}

const typePipe = new ParseEnumPipe(Object.fromEntries(TRANSACTION_TYPES.map((t) => [t, t])), {
  exceptionFactory: () =>
    new DomainError('VALIDATION_ERROR', `transaction_type must be one of ${TRANSACTION_TYPES.join(', ')}`, [
      { field: 'transaction_type', issue: 'unknown transaction type' },
    ]),
});

@ApiTags('Admin')
@Controller('api/v1/admin/clients/:client_id/fees')
export class FeeAdminController {
  constructor(
    private readonly setRule: SetFeeRuleUseCase,
    private readonly schedules: FeeScheduleRepository,
  ) {}

  @Get()
  @AdminEndpoint('admin:fees:read')
  @ApiErrors('CLIENT_NOT_FOUND')
  @ApiOperation({
    operationId: 'listClientFees',
    summary: "A client's fee schedule (types without a rule are free)",
    description:
      'One rule per transaction type that has one: a fixed part in BRL plus a percentage. Types without a rule are free. Needs an admin token with admin:fees:read.',
  })
  @ApiOkResponse({ type: FeeScheduleResponse })
  async list(@UuidParam('client_id', 'Client', 'CLIENT_NOT_FOUND') clientId: string): Promise<FeeScheduleResponse> {
    const rules = await this.schedules.list(clientId);
    return {
      success: true,
      data: rules.map((r) => ({ transaction_type: r.transactionType, fixed_amount: r.rule.fixed.toFixed2(), percent: r.rule.percent })),
    };
  }

  @Put(':transaction_type')
  @AdminEndpoint('admin:fees:write')
  @ApiOperation({
    operationId: 'setClientFee',
    summary: "Set a client's fee for one transaction type (applied to cash_in credits)",
    description:
      'Replaces the rule of one transaction type for this client: `fixed_amount` (BRL, >= 0) plus `percent` (0-100) of the amount (never more than the amount), taken from the credit (`tax_amount`, `net_amount = gross - tax`). Today only `cash_in` is charged; any other type is 400 FEE_TYPE_NOT_SUPPORTED.',
  })
  @ApiOkResponse({ type: FeeRuleResponse })
  @ApiErrors('CLIENT_NOT_FOUND', 'FEE_TYPE_NOT_SUPPORTED')
  async put(
    @CurrentPrincipal() admin: Principal,
    @UuidParam('client_id', 'Client', 'CLIENT_NOT_FOUND') clientId: string,
    @Param('transaction_type', typePipe) transactionType: string,
    @Body() body: SetFeeRuleRequest,
  ): Promise<FeeRuleResponse> {
    const rule = await this.setRule.execute(admin.id, clientId, transactionType, body.fixed_amount, body.percent);
    return {
      success: true,
      data: { transaction_type: transactionType, fixed_amount: rule.fixed.toFixed2(), percent: rule.percent },
    };
  }
}
