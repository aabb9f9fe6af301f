import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { IsSmallJson } from '../../../../shared/http/is-small-json.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { MAX_EXPIRATION_SECONDS, MIN_EXPIRATION_SECONDS, type CreateChargeCommand } from '../../application/create-charge.use-case.js';
import { DOCUMENT_SHAPE } from '../../../../shared/domain/tax-id.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A BRL amount or a percentage, checked further by the due-date rules (docs/due-date-charges.md). */
const TERM_VALUE = /^\d{1,13}(\.\d{1,4})?$/;

export class PenaltyRequest {
  @ApiProperty({ type: 'integer', enum: [1, 2], description: '1 = fixed BRL, 2 = percent of the amount (after any rebate)', example: 2 })
  @IsIn([1, 2])
  mode: 1 | 2;

  @ApiProperty({ example: '2.00', description: 'BRL (mode 1) or percent (mode 2)' })
  @IsString()
  @Matches(TERM_VALUE, { message: 'penalty.value must be a decimal string' })
  value: string;
}

export class InterestRequest {
  @ApiProperty({
    type: 'integer',
    enum: [1, 2, 3, 4],
    description:
      '1 = BRL per day, 2 = percent per day, 3 = percent per month (30 days), 4 = percent per year (365 days); calendar days late, ' +
      'counted from the due date moved to the next business day when it falls on a weekend or a national holiday',
    example: 3,
  })
  @IsIn([1, 2, 3, 4])
  mode: 1 | 2 | 3 | 4;

  @ApiProperty({ example: '1.00' })
  @IsString()
  @Matches(TERM_VALUE, { message: 'interest.value must be a decimal string' })
  value: string;
}

export class DiscountDateRequest {
  @ApiProperty({ example: '2026-12-05', description: 'Paid on or before this day (São Paulo), this discount applies' })
  @IsString()
  @Matches(DATE, { message: 'discount.fixed_dates[].date must be YYYY-MM-DD' })
  date: string;

  @ApiProperty({ example: '5.00', description: 'BRL (mode 1) or percent (mode 2)' })
  @IsString()
  @Matches(TERM_VALUE, { message: 'discount.fixed_dates[].value must be a decimal string' })
  value: string;
}

export class DiscountRequest {
  @ApiProperty({
    type: 'integer',
    enum: [1, 2, 3, 4, 5, 6],
    description:
      "API Pix's cobv desconto.modalidade: 1 = fixed BRL until each fixed date, 2 = percent until each fixed date, " +
      '3 = BRL per calendar day paid early, 4 = BRL per business day paid early, 5 = percent per calendar day paid early, ' +
      '6 = percent per business day paid early. Early counts up to the due date, moved to the next business day when it ' +
      "falls on a weekend or a national holiday; business days are Brazil's banking days (docs/due-date-charges.md)",
    example: 1,
  })
  @IsIn([1, 2, 3, 4, 5, 6])
  mode: 1 | 2 | 3 | 4 | 5 | 6;

  @ApiPropertyOptional({
    example: '0.50',
    description: 'Modes 3-6 only: BRL (modes 3-4) or percent (modes 5-6) per day paid early',
  })
  @Omittable()
  @IsString()
  @Matches(TERM_VALUE, { message: 'discount.value must be a decimal string' })
  value?: string;

  @ApiPropertyOptional({
    type: [DiscountDateRequest],
    description: 'Modes 1-2 only (required): 1 to 3 dates, on or before the due date (a fixed date is not moved off a weekend)',
  })
  @Omittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => DiscountDateRequest)
  fixed_dates?: DiscountDateRequest[];
}

export class RebateRequest {
  @ApiProperty({ type: 'integer', enum: [1, 2], description: '1 = fixed BRL, 2 = percent of the amount', example: 1 })
  @IsIn([1, 2])
  mode: 1 | 2;

  @ApiProperty({ example: '10.00' })
  @IsString()
  @Matches(TERM_VALUE, { message: 'rebate.value must be a decimal string' })
  value: string;
}

/** Body of POST /api/v1/pix/cash-in/qrcode. */
export class CreateChargeRequest {
  @ApiProperty({ example: '150.00', description: 'BRL decimal string; for a due-date charge, the amount before its terms' })
  @IsAmount()
  amount: string;

  @ApiProperty({ example: 'order-2026-0042', description: 'Your internal reference: printable text, 1 to 140 characters' })
  @IsString()
  @Length(1, 140)
  @IsPrintableText()
  @Matches(/\S/, { message: 'reference must not be only spaces' })
  reference: string;

  @ApiPropertyOptional({ example: 'Order 42', description: 'Shown to the payer', maxLength: 140 })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  description?: string;

  @ApiPropertyOptional({
    example: 'Maria Souza',
    description: "The expected payer's name; optional, also with payer_document",
    maxLength: 140,
  })
  @Omittable()
  @IsString()
  @Length(1, 140)
  @IsPrintableText()
  payer_name?: string;

  @ApiPropertyOptional({
    example: '12345678909',
    description:
      "The expected payer's CPF (11 digits) or CNPJ (14 characters: 12 digits or upper-case letters, then 2 digits), " +
      'check digits valid; optional, also without payer_name',
  })
  @Omittable()
  @IsString()
  @Matches(DOCUMENT_SHAPE, {
    message: 'payer_document must be a CPF (11 digits) or a CNPJ (12 digits or upper-case letters, then 2 digits)',
  })
  payer_document?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: MIN_EXPIRATION_SECONDS,
    maximum: MAX_EXPIRATION_SECONDS,
    example: 3600,
    description: `Immediate charges: seconds until the charge expires, ${MIN_EXPIRATION_SECONDS} to ${MAX_EXPIRATION_SECONDS} (30 days); default 3600`,
  })
  @Omittable()
  @IsInt()
  @Min(MIN_EXPIRATION_SECONDS)
  @Max(MAX_EXPIRATION_SECONDS)
  expiration_time?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Your key-value data, up to 4,096 characters of JSON' })
  @Omittable()
  @IsObject()
  @IsSmallJson(4096)
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({
    example: '2026-12-10',
    description:
      'Makes a due-date charge (cobv): YYYY-MM-DD, today or later (São Paulo); payable until 30 days after it. ' +
      'On a weekend or a national holiday, penalty, interest and per-day discounts count from the next business day',
  })
  @Omittable()
  @IsString()
  @Matches(DATE, { message: 'due_date must be YYYY-MM-DD' })
  due_date?: string;

  @ApiPropertyOptional({ example: 'Rua das Flores, 100', maxLength: 200 })
  @Omittable()
  @IsString()
  @Length(1, 200)
  @IsPrintableText()
  receiver_address?: string;

  @ApiPropertyOptional({ example: 'SP', description: 'Two-letter state code' })
  @Omittable()
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'receiver_state must be a two-letter state code' })
  receiver_state?: string;

  @ApiPropertyOptional({ example: '01310100', description: 'CEP, 8 digits' })
  @Omittable()
  @IsString()
  @Matches(/^\d{8}$/, { message: 'receiver_postal_code must be 8 digits' })
  receiver_postal_code?: string;

  @ApiPropertyOptional({ type: PenaltyRequest, description: 'Due-date charges: charged once when paid after the due date' })
  @Omittable()
  @ValidateNested()
  @Type(() => PenaltyRequest)
  penalty?: PenaltyRequest;

  @ApiPropertyOptional({ type: InterestRequest, description: 'Due-date charges: per day late' })
  @Omittable()
  @ValidateNested()
  @Type(() => InterestRequest)
  interest?: InterestRequest;

  @ApiPropertyOptional({ type: DiscountRequest, description: 'Due-date charges: for paying on time or early' })
  @Omittable()
  @ValidateNested()
  @Type(() => DiscountRequest)
  discount?: DiscountRequest;

  @ApiPropertyOptional({ type: RebateRequest, description: 'Due-date charges: lowers the amount whenever it is paid' })
  @Omittable()
  @ValidateNested()
  @Type(() => RebateRequest)
  rebate?: RebateRequest;

  @ApiPropertyOptional({ example: '50.00', description: 'Pix Saque: cash handed out; must equal amount; needs withdraw_agent_mode' })
  @Omittable()
  @IsAmount()
  withdraw_amount?: string;

  @ApiPropertyOptional({
    type: 'integer',
    enum: [1, 2, 3],
    description: 'Pix Saque agent: 1 = AGTEC (shop), 2 = AGTOT (other legal person), 3 = AGPSS (withdrawal facilitator)',
  })
  @Omittable()
  @IsIn([1, 2, 3])
  withdraw_agent_mode?: number;

  @ApiPropertyOptional({
    example: '20.00',
    description: 'Pix Troco: change handed out, part of amount (amount = purchase + change, so less than amount); needs change_agent_mode',
  })
  @Omittable()
  @IsAmount()
  change_amount?: string;

  @ApiPropertyOptional({ enum: ['AGTEC', 'AGTOT'], description: 'Pix Troco agent: AGTEC (shop) or AGTOT (other legal person)' })
  @Omittable()
  @IsIn(['AGTEC', 'AGTOT'])
  change_agent_mode?: string;
}

/** An object of the entries whose value is given (a field left out of the request stays out of the command). */
function given<T extends object>(entries: T): Partial<T> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The request as the use case's command: field by field, the one place the HTTP names meet the camelCase ones. */
export function createChargeCommand(body: CreateChargeRequest, clientId: string): CreateChargeCommand {
  const discount = body.discount;
  return {
    clientId,
    amount: body.amount,
    reference: body.reference,
    description: body.description,
    payerName: body.payer_name,
    payerDocument: body.payer_document,
    expirationTime: body.expiration_time,
    metadata: body.metadata,
    terms: given({
      dueDate: body.due_date,
      penalty: body.penalty,
      interest: body.interest,
      discount: discount && { mode: discount.mode, value: discount.value, fixedDates: discount.fixed_dates },
      rebate: body.rebate,
    }),
    details: given({
      receiverAddress: body.receiver_address,
      receiverState: body.receiver_state,
      receiverPostalCode: body.receiver_postal_code,
      withdrawAmount: body.withdraw_amount,
      withdrawAgentMode: body.withdraw_agent_mode,
      changeAmount: body.change_amount,
      changeAgentMode: body.change_agent_mode,
    }),
  };
}
