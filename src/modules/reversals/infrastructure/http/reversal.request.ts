import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { CLIENT_REFUND_CODES, type ClientRefundCode, REFUND_CODES } from '../../../../shared/domain/refund-code.js';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsExternalId } from '../../../../shared/http/is-external-id.validator.js';
import { IsDateTime } from '../../../../shared/http/is-date-time.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { IsSmallJson } from '../../../../shared/http/is-small-json.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { ApiLimitDefault, LimitQuery } from '../../../../shared/http/page.query.js';

const E2E = /^E\d{8}\d{12}[A-Za-z0-9]{11}$/;

/** Body of POST /api/v1/pix/reversals (the spec's fields). */
export class CreateReversalRequest {
  @ApiProperty({ example: '10.00', description: 'BRL to give back: at most what is left of the payment after earlier reversals' })
  @IsAmount()
  amount: string;

  @ApiProperty({ example: 'refund-2026-0042', description: 'Your unique ID for this reversal: printable text, 1 to 100 characters' })
  @IsExternalId()
  external_id: string;

  @ApiProperty({ example: 'E00000000202603101500AbCdEfGhIjK', description: 'end_to_end_id of a payment you received (cash_in or p2p_in)' })
  @IsString()
  @Matches(E2E, { message: 'end_to_end_id must be a Pix end-to-end id (E + 8-digit ISPB + yyyyMMddHHmm + 11 letters or digits)' })
  end_to_end_id: string;

  @ApiPropertyOptional({ example: 'Order cancelled', maxLength: 140 })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  reason?: string;

  @ApiPropertyOptional({
    enum: CLIENT_REFUND_CODES,
    default: 'MD06',
    description:
      'MD06: a return the receiving user asks for (the default). SL02: only the withdrawal or change part of a Pix Saque/Troco ' +
      "charge the payment paid, at most that part less earlier SL02 reversals. BE08 and FR01 are the institution's own codes " +
      'for special returns (MED), not accepted from clients.',
  })
  @Omittable()
  @IsIn(CLIENT_REFUND_CODES, {
    message: "refund_code must be MD06 or SL02 (BE08 and FR01 are the institution's own codes for special returns, MED)",
  })
  refund_code?: ClientRefundCode;

  @ApiPropertyOptional({ example: 'Sorry for the trouble', maxLength: 140, description: 'Shown to the payer' })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  customer_message?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Your key-value data, up to 4,096 characters of JSON' })
  @Omittable()
  @IsObject()
  @IsSmallJson(4096)
  user_metadata?: Record<string, unknown>;

  @ApiPropertyOptional({ type: [String], example: ['refund'], description: 'Up to 10 tags of 1 to 40 printable characters' })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Length(1, 40, { each: true })
  @IsPrintableText({ each: true })
  tags?: string[];
}

/** Filters of GET /api/v1/pix/reversals (docs/conventions.md §10); `limit` defaults to 20. */
@ApiLimitDefault(20)
export class ListReversalsQuery extends LimitQuery {
  @ApiPropertyOptional({ format: 'date-time', description: 'Created after this instant (RFC 3339)' })
  @IsOptional()
  @IsDateTime()
  created_after?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before this instant (RFC 3339)' })
  @IsOptional()
  @IsDateTime()
  created_before?: string;

  @ApiPropertyOptional({ description: "The original payment's end-to-end id" })
  @IsOptional()
  @Matches(E2E, { message: 'end_to_end_id must be a Pix end-to-end id' })
  end_to_end_id?: string;

  @ApiPropertyOptional({ description: 'Your external_id' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @IsPrintableText()
  external_id?: string;
}

/** The spec's reversal record, with the failure and the message when there is one. */
export class ReversalDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'refund-2026-0042' }) external_id: string;
  @ApiProperty({ example: 'E00000000202603101500AbCdEfGhIjK' }) original_end_to_end_id: string;
  @ApiProperty({ example: 'D99999004202603101500AbCdEfGhIjK', description: 'The return id: D + ISPB + yyyyMMddHHmm (UTC) + 11 characters' })
  refund_end_to_end_id: string;
  @ApiProperty({ example: '10.00' }) amount: string;
  @ApiProperty({ example: 'BRL' }) currency: string;
  @ApiProperty({ enum: ['queued', 'processing', 'completed', 'failed'] }) status: string;
  @ApiProperty({
    enum: REFUND_CODES,
    description: 'MD06 or SL02 as asked; BE08 and FR01 only on reversals stored before clients were limited to MD06 and SL02',
  })
  refund_code: string;
  @ApiProperty({ nullable: true, type: String, example: 'Order cancelled' }) reason: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'Sorry for the trouble' }) customer_message: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { order_id: '42' } }) user_metadata: Record<string, unknown>;
  @ApiProperty({ type: [String], example: ['refund'] }) tags: string[];
  @ApiProperty({ nullable: true, type: String, example: null, description: 'Why it failed (ISO 20022 style, e.g. AC03)' }) error_code:
    string | null;
  @ApiProperty({ nullable: true, type: String, example: null }) error_message: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) completed_at: string | null;
}

export class ReversalResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: ReversalDto }) data: ReversalDto;
}

export class ReversalListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [ReversalDto], description: 'Newest first, at most `limit`' }) data: ReversalDto[];
}
