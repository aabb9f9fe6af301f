import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DiscountRequest, InterestRequest, PenaltyRequest, RebateRequest } from './create-charge.request.js';

/** The spec's cash-in charge result. */
export class ChargeCreatedResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G', description: 'The txid: 26-35 letters and digits, unique' })
  conciliation_id: string;
  @ApiProperty({ format: 'uuid', description: 'The charge and its `cash_in` transaction (the id in /cash-in/{id})' })
  transaction_id: string;
  @ApiProperty({ example: 'pending' }) status: string;
  @ApiProperty({ example: 'data:image/png;base64,iVBORw0KGgo...', description: 'PNG data URI of qr_code_text' }) qr_code: string;
  @ApiProperty({
    description: 'The dynamic BR Code (copy-and-paste Pix)',
    example:
      '00020101021226820014br.gov.bcb.pix2560pix.sandbox.local/qr/v2/3f2b8c1e-6d4a-4e7b-9a51-2c8d0e9f7a365204000053039865406150.005802BR5917Loja Exemplo Ltda6009SAO PAULO62360532k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G6304D093',
  })
  qr_code_text: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ example: 'sandbox-k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G', description: 'The charge at the payment registry' })
  registry_document_id: string;
  @ApiProperty({ example: 'Charge created' }) message: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { order_id: '42' },
    description: 'Your metadata, as sent ({} when none)',
  })
  metadata: Record<string, unknown>;
  @ApiProperty({ example: 'sandbox' }) provider: string;
}

export class ChargePayerDto {
  @ApiProperty({ nullable: true, type: String, example: 'João Pereira' }) name: string | null;
  @ApiProperty({ nullable: true, type: String, example: '***.456.789-**', description: 'Masked unless it is the expected payer you named' })
  document: string | null;
}

/** Who paid a charge, with their institution (docs/adr/0225-the-payer-on-every-credit.md). */
export class ChargePaidByDto {
  @ApiProperty({ nullable: true, type: String, example: 'João Pereira' }) name: string | null;
  @ApiProperty({ nullable: true, type: String, example: '***.456.789-**', description: 'Masked' }) document: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '00000000',
    description: "The ISPB of the payer's institution (paid on-us: this institution's); null on charges paid before it was kept",
  })
  ispb: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'BCO DO BRASIL S.A.',
    description:
      "The payer's institution as the Central Bank's participant list named it when the charge was paid; null when the list does not hold its ISPB",
  })
  institution_name: string | null;
}

export class DueDateTermsDto {
  @ApiProperty({ example: '2026-12-10' }) due_date: string;
  @ApiPropertyOptional({ type: PenaltyRequest }) penalty?: PenaltyRequest;
  @ApiPropertyOptional({ type: InterestRequest }) interest?: InterestRequest;
  @ApiPropertyOptional({ type: DiscountRequest }) discount?: DiscountRequest;
  @ApiPropertyOptional({ type: RebateRequest }) rebate?: RebateRequest;
  @ApiProperty({ example: '148.50', description: 'What a payment made now must bring' }) amount_due_now: string;
}

/** The status record of a charge (docs/conventions.md §9). */
export class ChargeStatusDto {
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ example: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G' }) conciliation_id: string;
  @ApiProperty({ enum: ['pending', 'completed', 'cancelled', 'expired'] }) status: string;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ nullable: true, type: String, example: '150.00' }) paid_amount: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'E0000000020260310150012345678901' }) end_to_end_id: string | null;
  @ApiProperty({
    nullable: true,
    type: ChargePaidByDto,
    description:
      'Who paid, once the charge is completed (the same as its `cash_in` transaction and `cash_in.completed` show); null until then',
  })
  payer: ChargePaidByDto | null;
  @ApiProperty({ nullable: true, type: ChargePayerDto, description: 'The expected payer you named' }) expected_payer: ChargePayerDto | null;
  @ApiProperty({ example: 'order-2026-0042' }) reference: string;
  @ApiProperty({ nullable: true, type: String, example: 'Order 42' }) description: string | null;
  @ApiProperty({ example: 'loja@example.com', description: 'The key the charge was issued under' }) pix_key: string;
  @ApiProperty({
    example:
      '00020101021226820014br.gov.bcb.pix2560pix.sandbox.local/qr/v2/3f2b8c1e-6d4a-4e7b-9a51-2c8d0e9f7a365204000053039865406150.005802BR5917Loja Exemplo Ltda6009SAO PAULO62360532k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G6304D093',
  })
  qr_code_text: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) paid_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) cancelled_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) expired_at: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2026-12-10' }) due_date: string | null;
  @ApiProperty({ nullable: true, type: DueDateTermsDto }) due_date_terms: DueDateTermsDto | null;
  @ApiProperty({ type: 'object', additionalProperties: true, example: {} }) details: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { order_id: '42' } }) metadata: Record<string, unknown>;
  @ApiProperty({ example: 'sandbox-k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G' }) registry_document_id: string;
  @ApiProperty({ example: 'sandbox' }) provider: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ChargeStatusResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: ChargeStatusDto }) data: ChargeStatusDto;
}

/** A page of the charge list, paged as the transaction list is (`TransactionPageDto`). */
export class ChargePageDto {
  @ApiProperty({ type: [ChargeStatusDto], description: 'Newest first; each as GET /api/v1/pix/cash-in/{id} shows it' })
  charges: ChargeStatusDto[];
  @ApiProperty({ type: 'integer', example: 1, description: 'Matching charges, counted up to 10,000 (10000 means 10,000 or more)' })
  total: number;
  @ApiProperty({ type: 'integer', example: 20 }) limit: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset: number;
}

export class ChargeListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: ChargePageDto }) data: ChargePageDto;
}

export class ChargeCancelledResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Charge cancelled' }) message: string;
}

/** A static BR Code for one of your keys (docs/adr/0213-static-codes-for-own-keys.md). */
export class StaticQrCodeResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({
    description: 'The static BR Code (copy-and-paste Pix): the key in 26-01, the amount in 54, the description in 26-02, the txid in 62-05',
    example:
      '00020101021126510014br.gov.bcb.pix0116loja@example.com0209Pedido 42520400005303986540525.005802BR5917Loja Exemplo Ltda6009SAO PAULO62170513INV20260000426304E5C1',
  })
  qr_code_text: string;
  @ApiProperty({ example: 'data:image/png;base64,iVBORw0KGgo...', description: 'PNG data URI of qr_code_text' }) qr_code: string;
  @ApiProperty({ example: 'loja@example.com' }) pix_key: string;
  @ApiProperty({ nullable: true, type: String, example: '25.00', description: 'null: the payer chooses the amount' }) amount: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'INV2026000042', description: 'null: the code carries `***` (no txid)' }) txid:
    string | null;
  @ApiProperty({ nullable: true, type: String, example: 'Pedido 42' }) description: string | null;
}
