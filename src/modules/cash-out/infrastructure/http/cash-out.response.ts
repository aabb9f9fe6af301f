import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class CashOutCreatedResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ example: 'queued' }) status: string;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ example: 'Cash-out queued for processing' }) message: string;
}

export class CashOutBankDto {
  @ApiProperty({ example: '00000000' }) ispb: string;
  @ApiProperty({ example: 'BCO DO BRASIL S.A.' }) participant_name: string;
  @ApiProperty({ example: '0001' }) agency: string;
  @ApiProperty({ example: '123456789' }) account: string;
  @ApiProperty({ example: 'payment' }) account_type: string;
}

export class CashOutPartyDto {
  @ApiProperty({ example: 'Maria Silva' }) name: string;
  @ApiProperty({ example: '***.654.321-**', description: "Your own document as is; the recipient's masked unless you typed it (Flow 2)" })
  document: string;
  @ApiProperty({ type: CashOutBankDto }) bank: CashOutBankDto;
}

export class CashOutStatusDto {
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ type: String, nullable: true, example: 'order 2026/0042' }) external_id: string | null;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ example: 'BRL' }) currency: string;
  @ApiProperty({ enum: ['queued', 'processing', 'completed', 'failed', 'returned'] }) status: string;
  @ApiProperty({ type: String, nullable: true, example: 'maria@example.com' }) pix_key: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'email' }) pix_key_type: string | null;
  @ApiProperty({ example: 'Maria Silva' }) receiver_name: string;
  @ApiProperty({ example: '***.654.321-**' }) receiver_document: string;
  @ApiProperty({ type: CashOutPartyDto }) payer: CashOutPartyDto;
  @ApiProperty({ type: CashOutPartyDto }) receiver: CashOutPartyDto;
  @ApiProperty({ example: 'E9999900420261122203600000000001' }) end_to_end_id: string;
  @ApiPropertyOptional({ example: 'AC03' }) error_code?: string;
  @ApiPropertyOptional({ example: 'Invalid creditor account number' }) error_message?: string;
  @ApiPropertyOptional({ example: '150.00' }) returned_amount?: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class CashOutStatusResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: CashOutStatusDto }) data: CashOutStatusDto;
}
