import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsString, Length, Matches, MaxLength } from 'class-validator';
import { BANK_ACCOUNT_TYPES, type BankAccountType } from '../../../../shared/domain/bank-account-type.js';
import { PIX_KEY_TYPES, type PixKeyType } from '../../../../shared/domain/pix-key.js';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsExternalId } from '../../../../shared/http/is-external-id.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { IsSmallJson } from '../../../../shared/http/is-small-json.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import type { CreateCashOutCommand } from '../../application/create-cash-out.use-case.js';
import { DOCUMENT_SHAPE } from '../../../../shared/domain/tax-id.js';

/** Body of POST /api/v1/pix/cash-out; the flow is chosen by which fields are present. */
export class CreateCashOutRequest {
  @ApiProperty({ example: '150.00', description: 'BRL decimal string' })
  @IsAmount()
  amount: string;

  @ApiPropertyOptional({ description: 'Flow 1: recipient Pix key', example: 'maria@example.com' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  pix_key?: string;

  @ApiPropertyOptional({ enum: PIX_KEY_TYPES, description: 'Flow 1' })
  @Omittable()
  @IsIn(PIX_KEY_TYPES)
  pix_key_type?: PixKeyType;

  @ApiPropertyOptional({ description: 'Flow 2: full or company name, printable text', maxLength: 140 })
  @Omittable()
  @IsString()
  @Length(1, 140)
  @IsPrintableText()
  receiver_name?: string;

  @ApiPropertyOptional({
    description: 'Flow 2: CPF (11 digits) or CNPJ (14 characters: 12 digits or upper-case letters, then 2 check digits)',
  })
  @Omittable()
  @Matches(DOCUMENT_SHAPE, {
    message: 'receiver_document must be a CPF (11 digits) or a CNPJ (12 digits or upper-case letters, then 2 digits)',
  })
  receiver_document?: string;

  @ApiPropertyOptional({ description: 'Flow 2: 8-digit ISPB', example: '00000000' })
  @Omittable()
  @Matches(/^\d{8}$/, { message: 'receiver_ispb must be 8 digits' })
  receiver_ispb?: string;

  @ApiPropertyOptional({ description: 'Flow 2: branch (up to 4 digits)', example: '0001' })
  @Omittable()
  @Matches(/^\d{1,4}$/, { message: 'receiver_branch must be up to 4 digits' })
  receiver_branch?: string;

  @ApiPropertyOptional({ description: 'Flow 2: account number (digits)' })
  @Omittable()
  @Matches(/^\d{1,20}$/, { message: 'receiver_account must be 1 to 20 digits' })
  receiver_account?: string;

  @ApiPropertyOptional({ enum: BANK_ACCOUNT_TYPES, description: 'Flow 2' })
  @Omittable()
  @IsIn(BANK_ACCOUNT_TYPES)
  receiver_account_type?: BankAccountType;

  @ApiPropertyOptional({
    description: 'Your ID for this cash-out, unique per client: any printable text (no control characters), 1 to 100 characters',
    example: 'order 2026/0042',
    maxLength: 100,
  })
  @Omittable()
  @IsExternalId()
  external_id?: string;

  @ApiPropertyOptional({ description: 'Shown to the recipient: printable text (no control characters)', maxLength: 140 })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  description?: string;

  @ApiPropertyOptional({ description: 'Your internal reference: printable text (no control characters)', maxLength: 140 })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  reference?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Your key-value data, up to 4,096 characters of JSON' })
  @Omittable()
  @IsObject()
  @IsSmallJson(4096)
  metadata?: Record<string, unknown>;
}

/** The request as the use case's command: field by field, the one place the HTTP names meet the camelCase ones. */
export function createCashOutCommand(
  body: CreateCashOutRequest,
  clientId: string,
  lookupEndToEndId: string | undefined,
): CreateCashOutCommand {
  return {
    clientId,
    amount: body.amount,
    lookupEndToEndId,
    pixKey: body.pix_key,
    pixKeyType: body.pix_key_type,
    receiverName: body.receiver_name,
    receiverDocument: body.receiver_document,
    receiverIspb: body.receiver_ispb,
    receiverBranch: body.receiver_branch,
    receiverAccount: body.receiver_account,
    receiverAccountType: body.receiver_account_type,
    externalId: body.external_id,
    description: body.description,
    reference: body.reference,
    metadata: body.metadata,
  };
}
