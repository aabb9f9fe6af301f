import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { DOCUMENT_SHAPE } from '../../../../shared/domain/tax-id.js';

export class SandboxPayerDto {
  @ApiPropertyOptional({ example: 'João da Silva', maxLength: 140, description: 'Printable text' })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  name?: string;

  @ApiPropertyOptional({
    example: '52998224725',
    description: 'CPF (11 digits) or CNPJ (14 characters: 12 digits or upper-case letters, 2 digits)',
  })
  @Omittable()
  @Matches(DOCUMENT_SHAPE, {
    message: 'payer.document must be a CPF (11 digits) or a CNPJ (12 digits or upper-case letters, then 2 digits)',
  })
  document?: string;

  @ApiPropertyOptional({
    example: '00000000',
    pattern: '^\\d{8}$',
    description:
      "The ISPB of the payer's institution (8 digits; default 00000000). Any other institution's: one the Central Bank's participant list lacks is taken, its name shown as null; this institution's own is 400 VALIDATION_ERROR (its clients pay on-us)",
  })
  @Omittable()
  @Matches(/^\d{8}$/, { message: 'payer.ispb must be 8 digits' })
  ispb?: string;
}

export class DepositRequest {
  @ApiProperty({ example: '150.00', description: 'BRL decimal string' })
  @IsAmount()
  amount: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the client's default account" })
  @Omittable()
  @IsUUID('all')
  account_id?: string;

  @ApiPropertyOptional({ type: SandboxPayerDto })
  @Omittable()
  @IsObject({ message: 'payer must be an object' })
  @ValidateNested()
  @Type(() => SandboxPayerDto)
  payer?: SandboxPayerDto;
}

export class DepositDto {
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ example: 'E0000000020260310150012345678901' }) end_to_end_id: string;
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ example: 'completed' }) status: string;
  @ApiProperty({ example: 'cash_in' }) type: string;
}

export class DepositResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: DepositDto }) data: DepositDto;
}
