import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { PageNumberQuery } from '../../../../shared/http/page.query.js';
import { MED_STATUSES, type MedRecord, type MedStatus } from '../../application/med-record.js';
import { MED_ACTIONS, type MedAction } from '../../domain/med-request.aggregate.js';

/** `page` and `page_size`, as every paged list. */
export class MedListQuery extends PageNumberQuery {}

export class MedRespondRequest {
  @ApiProperty({ enum: MED_ACTIONS, description: '`approve` sends the blocked amount back to the payer; `reject` releases it to you' })
  @IsIn(MED_ACTIONS)
  action: MedAction;

  @ApiPropertyOptional({ example: 'Customer confirmed the fraud', maxLength: 140, description: 'Printable text' })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  reason?: string;
}

/** The MED record (docs/adr/0132-med-seen-from-the-receiving-side.md). */
export class MedRecordDto implements MedRecord {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'E99999004202603101500AbCdEfGhIjK', description: 'The end-to-end id of the payment received' })
  end_to_end_id: string;
  @ApiProperty({ format: 'uuid', description: 'Your `cash_in` or `p2p_in` transaction the request is about' }) transaction_id: string;
  @ApiProperty({ format: 'uuid', description: 'Your account holding the block' }) account_id: string;
  @ApiProperty({ example: '50.00', description: "Claimed back: at most the payment's amount" }) amount: string;
  @ApiProperty({
    example: '50.00',
    description: 'Blocked at opening: the smaller of `amount` and your available balance then; money arriving later does not add to it',
  })
  blocked_amount: string;
  @ApiProperty({ nullable: true, type: String, example: 'Fraud claim by the payer' }) reason: string | null;
  @ApiProperty({ enum: MED_STATUSES }) status: MedStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Your reason when you answered' }) response_reason: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'uuid',
    description: 'Your `med_return` transaction after an approval that sent money back',
  })
  return_transaction_id: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The `D…` end-to-end id of the money sent back' })
  return_end_to_end_id: string | null;
  @ApiProperty({
    format: 'date-time',
    description:
      'Answer by then (7 days after opening, `MED_ANALYSIS_DAYS`); unanswered, the request closes, not accepted, and nothing goes back to the payer',
  })
  respond_by: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) responded_at: string | null;
}

export class MedPageDto {
  @ApiProperty({ type: [MedRecordDto] }) items: MedRecordDto[];
  @ApiProperty({ type: 'integer', example: 1 }) page: number;
  @ApiProperty({ type: 'integer', example: 20 }) page_size: number;
  @ApiProperty({
    type: 'integer',
    example: 1,
    description: 'How many requests of yours are in this status, counted up to 10,000 (10000 means 10,000 or more)',
  })
  total: number;
}

export class MedListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: MedPageDto }) data: MedPageDto;
}

/** The spec's answer to a response: an empty object. */
export class MedRespondResponse {}
