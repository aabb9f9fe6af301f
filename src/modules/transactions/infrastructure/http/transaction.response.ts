import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class BankDto {
  @ApiProperty({ example: '99999004' }) ispb: string;
  @ApiProperty({ example: 'Instant Payments Sandbox' }) participant_name: string;
  @ApiProperty({ example: '0001' }) agency: string;
  @ApiProperty({ example: '123456789' }) account: string;
  @ApiProperty({ example: 'payment' }) account_type: string;
}

export class PartyDto {
  @ApiProperty({ type: String, nullable: true, example: 'Maria Silva' }) name: string | null;
  @ApiProperty({ type: String, nullable: true, example: '***.456.789-**', description: 'Masked unless it is your own' })
  document: string | null;
  @ApiPropertyOptional({ type: BankDto, nullable: true }) bank?: BankDto | null;
}

/** The payer of a transaction, with their institution (docs/adr/0225-the-payer-on-every-credit.md). */
export class PayerDto {
  @ApiProperty({ type: String, nullable: true, example: 'João Pereira' }) name: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '***.456.789-**',
    description: "Masked unless you supplied it (your own, or a pending charge's expected payer)",
  })
  document: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '00000000',
    description: "The ISPB of the payer's institution (on-us: this institution's); null on records made before it was kept",
  })
  ispb: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'BCO DO BRASIL S.A.',
    description:
      "The payer's institution as the Central Bank's participant list named it when the payment arrived; null when the list does not hold its ISPB",
  })
  institution_name: string | null;
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
  @ApiProperty({ type: String, nullable: true, example: 'order 2026/0042' }) external_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'order-2026-0042' }) reference: string | null;
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
  @ApiProperty({ type: String, nullable: true, example: '7d9f0c2a-51b4-4c3e-8f6a-2b1e9d4c7a05' }) pix_key: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'evp' }) pix_key_type: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'E0000000020260310150012345678901', description: 'End-to-end id' }) e2e:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: 'João Pereira' }) payer_name: string | null;
  @ApiProperty({ type: String, nullable: true, example: '***.456.789-**' }) payer_document: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Maria Silva' }) receiver_name: string | null;
  @ApiProperty({ type: String, nullable: true, example: '***.654.321-**' }) receiver_document: string | null;
  @ApiProperty({ type: PayerDto }) payer: PayerDto;
  @ApiProperty({ type: PartyDto }) receiver: PartyDto;
  @ApiProperty({ type: String, nullable: true, example: 'Order 42' }) description: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'INV2026000042',
    description:
      "The txid of the QR code the payment paid, for reconciliation: a static code's (its 62-05), on the payer's cash_out and, paid on-us, on the receiver's cash_in; a dynamic code's charge txid on the payer's cash_out and on the charge's own cash_in (its conciliation_id). null when none",
  })
  txid: string | null;
  @ApiProperty({ example: 'api' }) channel: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: null, description: 'Why a payment failed (ISO 20022 style, e.g. AC03)' })
  error_code?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: null }) error_message?: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) processed_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [LedgerEntryDto] }) ledger_entries: LedgerEntryDto[];
}

export class TransactionPageDto {
  @ApiProperty({ type: [TransactionDto] }) transactions: TransactionDto[];
  @ApiProperty({ type: 'integer', example: 1, description: 'Matching transactions, counted up to 10,000 (10000 means 10,000 or more)' })
  total: number;
  @ApiProperty({ type: 'integer', example: 20 }) limit: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset: number;
}

export class TransactionListResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: TransactionPageDto }) data: TransactionPageDto;
}

export class TransactionResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: TransactionDto }) data: TransactionDto;
}
