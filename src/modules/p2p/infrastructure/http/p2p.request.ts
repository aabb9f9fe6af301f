import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsExternalId } from '../../../../shared/http/is-external-id.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { P2P_SEARCH_TYPES, type P2pSearchType } from '../../application/lookup-p2p-account.use-case.js';

export class P2pLookupRequest {
  @ApiProperty({ enum: P2P_SEARCH_TYPES, example: 'email' })
  @IsIn(P2P_SEARCH_TYPES)
  search_type: P2pSearchType;

  @ApiProperty({
    example: 'maria@example.com',
    description:
      'A key of that type (DICT syntax: CPF digits, CNPJ digits or the alphanumeric CNPJ in upper case, +55 phone, lower-case e-mail or EVP), or an account number',
  })
  @IsString()
  @Length(1, 77)
  search_value: string;
}

export class P2pTransferRequest {
  @ApiProperty({ format: 'uuid', description: 'The account to pay: an account_id from the lookup' })
  @IsUUID('all')
  to_account_id: string;

  @ApiProperty({ example: '25.00', description: 'BRL decimal string' })
  @IsAmount()
  amount: string;

  @ApiPropertyOptional({ example: 'Dinner', description: 'Shown to both sides: printable text', maxLength: 140 })
  @Omittable()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  description?: string;

  @ApiPropertyOptional({
    example: 'split-2026-11',
    description: 'Your ID for this transfer, unique per client: printable text, 1 to 100 characters',
  })
  @Omittable()
  @IsExternalId()
  external_id?: string;
}

/** The spec's P2P account record. */
export class P2pAccountDto {
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ format: 'uuid' }) client_id: string;
  @ApiProperty({ example: 'Maria Silva' }) name: string;
  @ApiProperty({ example: '***.456.789-**', description: 'CPF as ***.456.789-**, CNPJ as **.345.678/0001-**' }) masked_document: string;
  @ApiProperty({ enum: ['individual', 'company'] }) person_type: string;
  @ApiProperty({ example: '0001' }) branch_number: string;
  @ApiProperty({ example: '100002' }) account_number: string;
  @ApiProperty({ example: 'payment' }) account_type: string;
  @ApiProperty({
    nullable: true,
    type: String,
    enum: ['cpf', 'cnpj', 'email', 'phone', 'evp'],
    example: 'email',
    description: "The type of the key searched by, in lower case as the spec's key-type table says; null for an account-number search",
  })
  pix_key_type: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'maria@example.com' }) pix_key_value: string | null;
}

export class P2pLookupResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [P2pAccountDto], description: 'Empty when no client of this service matches' }) data: P2pAccountDto[];
}

export class P2pTransferDto {
  @ApiProperty({ format: 'uuid', description: 'The transfer: your p2p_out transaction' }) transaction_id: string;
  @ApiProperty({ example: 'completed' }) status: string;
  @ApiProperty({ example: '25.00' }) amount: string;
  @ApiProperty({ example: 'E99999004202603101500AbCdEfGhIjK' }) end_to_end_id: string;
  @ApiProperty({ format: 'uuid' }) from_account_id: string;
  @ApiProperty({ format: 'uuid' }) to_account_id: string;
  @ApiProperty({ example: 'Maria Silva' }) to_name: string;
  @ApiProperty({ nullable: true, type: String, example: 'Dinner' }) description: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'split-2026-11' }) external_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class P2pTransferResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: P2pTransferDto }) data: P2pTransferDto;
}
