import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class BankDto {
  @ApiProperty({ example: '99999004' }) ispb: string;
  @ApiProperty() participant_name: string;
  @ApiProperty({ example: '0001' }) agency: string;
  @ApiProperty() account: string;
  @ApiProperty({ example: 'payment' }) account_type: string;
}

export class PartyDto {
  @ApiProperty({ nullable: true }) name: string | null;
  @ApiProperty({ nullable: true }) document: string | null;
  @ApiPropertyOptional({ type: BankDto, nullable: true }) bank?: BankDto | null;
}

export class LedgerEntryDto {
  @ApiProperty({ example: 'hold' }) operation_type: string;
  @ApiProperty({ example: '150.000000' }) amount: string;
  @ApiProperty({ example: 'posted' }) status: string;
  @ApiProperty({ example: '200.000000' }) available_before: string;
  @ApiProperty({ example: '50.000000' }) available_after: string;
  @ApiProperty({ example: '0.000000' }) blocked_before: string;
  @ApiProperty({ example: '150.000000' }) blocked_after: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class TransactionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ nullable: true }) external_id: string | null;
  @ApiProperty({ nullable: true }) reference: string | null;
  @ApiProperty({ format: 'uuid' }) client_id: string;
  @ApiProperty({ example: 'cash_in' }) type: string;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ example: '150.00' }) gross_amount: string;
  @ApiProperty({ example: '150.00' }) net_amount: string;
  @ApiProperty({ example: '0.00' }) tax_amount: string;
  @ApiProperty({
    example: '0.00',
    description: 'A received payment (cash_in, p2p_in): how much of it reversals have given back (failed ones excluded)',
  })
  reversed_amount: string;
  @ApiProperty({ example: 'BRL' }) currency: string;
  @ApiProperty({ example: 'completed' }) status: string;
  @ApiProperty({ nullable: true }) pix_key: string | null;
  @ApiProperty({ nullable: true, example: 'evp' }) pix_key_type: string | null;
  @ApiProperty({ nullable: true }) e2e: string | null;
  @ApiProperty({ nullable: true }) payer_name: string | null;
  @ApiProperty({ nullable: true }) payer_document: string | null;
  @ApiProperty({ nullable: true }) receiver_name: string | null;
  @ApiProperty({ nullable: true }) receiver_document: string | null;
  @ApiProperty({ type: PartyDto }) payer: PartyDto;
  @ApiProperty({ type: PartyDto }) receiver: PartyDto;
  @ApiProperty({ nullable: true }) description: string | null;
  @ApiProperty({ example: 'api' }) channel: string;
  @ApiPropertyOptional({ nullable: true }) error_code?: string | null;
  @ApiPropertyOptional({ nullable: true }) error_message?: string | null;
  @ApiProperty({ format: 'date-time', nullable: true }) processed_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [LedgerEntryDto] }) ledger_entries: LedgerEntryDto[];
}

export class TransactionPageDto {
  @ApiProperty({ type: [TransactionDto] }) transactions: TransactionDto[];
  @ApiProperty({ description: 'Matching transactions, counted up to 10,000 (10000 means 10,000 or more)' }) total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}

export class TransactionListResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: TransactionPageDto }) data: TransactionPageDto;
}

export class TransactionResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: TransactionDto }) data: TransactionDto;
}
