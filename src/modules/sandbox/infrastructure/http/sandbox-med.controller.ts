import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { END_TO_END_ID_PATTERN } from '../../../../shared/domain/end-to-end-id.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { MED_STATUSES, medRecord, type MedRecord, type MedStatus } from '../../../med/application/med-record.js';
import { OpenMedUseCase } from '../../../med/application/open-med.use-case.js';

export class SandboxOpenMedRequest {
  @ApiProperty({ example: 'E99999004202603101500AbCdEfGhIjK', description: 'A completed cash_in or p2p_in of yours' })
  @IsString()
  @Matches(END_TO_END_ID_PATTERN, { message: 'end_to_end_id must be a Pix end-to-end id (32 characters)' })
  end_to_end_id: string;

  @ApiPropertyOptional({ example: '50.00', description: "Claimed back; defaults to the payment's amount and cannot exceed it" })
  @Omittable()
  @IsAmount()
  amount?: string;

  @ApiPropertyOptional({ example: 'Fraud claim by the payer', maxLength: 140, description: 'Printable text' })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  reason?: string;
}

/** The MED record (the same as in GET /api/v1/pix/med/status/{status}). */
export class SandboxMedDto implements MedRecord {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'E99999004202603101500AbCdEfGhIjK' }) end_to_end_id: string;
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ example: '50.00' }) amount: string;
  @ApiProperty({ example: '50.00', description: 'min(amount, your available balance at opening)' }) blocked_amount: string;
  @ApiProperty({ nullable: true, type: String, example: 'Fraud claim by the payer' }) reason: string | null;
  @ApiProperty({ enum: MED_STATUSES, example: 'OPEN' }) status: MedStatus;
  @ApiProperty({ nullable: true, type: String }) response_reason: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) return_transaction_id: string | null;
  @ApiProperty({ nullable: true, type: String }) return_end_to_end_id: string | null;
  @ApiProperty({ format: 'date-time' }) respond_by: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) responded_at: string | null;
}

export class SandboxOpenMedResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: SandboxMedDto }) data: SandboxMedDto;
}

@ApiTags('Sandbox')
@Controller('api/v1/sandbox/med')
export class SandboxMedController {
  constructor(private readonly open: OpenMedUseCase) {}

  @Post()
  @HttpCode(200)
  // Acts on the MED requests against one's own received payments: the MED write scope.
  @ClientEndpoint('pix:med:write')
  @ApiOperation({
    operationId: 'sandboxOpenMed',
    summary: "Simulate the payer's institution opening a MED request against a payment you received (sandbox provider only)",
    description:
      'Blocks min(amount, your available balance) at once, in the same database transaction as the request and `med.opened`: ' +
      'a precautionary hold of at most 72 hours (`MED_BLOCK_HOURS`). One request per payment, opened up to 80 days after it ' +
      '(`MED_CLAIM_WINDOW_DAYS`; later: `MED_CLAIM_WINDOW_CLOSED`).',
  })
  @ApiOkResponse({ type: SandboxOpenMedResponse })
  @ApiErrors('TRANSACTION_NOT_FOUND', 'MED_ALREADY_EXISTS', 'MED_AMOUNT_EXCEEDS_PAYMENT', 'MED_CLAIM_WINDOW_CLOSED')
  async openMed(@CurrentPrincipal() p: Principal, @Body() body: SandboxOpenMedRequest): Promise<SandboxOpenMedResponse> {
    const med = await this.open.execute({ clientId: p.id, endToEndId: body.end_to_end_id, amount: body.amount, reason: body.reason });
    return { success: true, data: medRecord(med) };
  }
}
