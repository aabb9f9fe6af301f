import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class CashOutCreatedResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ example: 'queued' }) status: string;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ example: 'Cash-out queued for processing' }) message: string;
}

export class CashOutBankDto {
  @ApiProperty() ispb: string;
  @ApiProperty() participant_name: string;
  @ApiProperty() agency: string;
  @ApiProperty() account: string;
  @ApiProperty() account_type: string;
}

export class CashOutPartyDto {
  @ApiProperty() name: string;
  @ApiProperty() document: string;
  @ApiProperty({ type: CashOutBankDto }) bank: CashOutBankDto;
}

export class CashOutStatusDto {
  @ApiProperty({ format: 'uuid' }) transaction_id: string;
  @ApiProperty({ nullable: true }) external_id: string | null;
  @ApiProperty({ example: '150.00' }) amount: string;
  @ApiProperty({ example: 'BRL' }) currency: string;
  @ApiProperty({ enum: ['queued', 'processing', 'completed', 'failed', 'returned'] }) status: string;
  @ApiProperty({ nullable: true }) pix_key: string | null;
  @ApiProperty({ nullable: true, example: 'email' }) pix_key_type: string | null;
  @ApiProperty() receiver_name: string;
  @ApiProperty() receiver_document: string;
  @ApiProperty({ type: CashOutPartyDto }) payer: CashOutPartyDto;
  @ApiProperty({ type: CashOutPartyDto }) receiver: CashOutPartyDto;
  @ApiProperty({ example: 'E9999900420261122203600000000001' }) end_to_end_id: string;
  @ApiPropertyOptional({ example: 'AC03' }) error_code?: string;
  @ApiPropertyOptional() error_message?: string;
  @ApiPropertyOptional({ example: '150.00' }) returned_amount?: string;
  @ApiProperty({ format: 'date-time', nullable: true }) completed_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class CashOutStatusResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: CashOutStatusDto }) data: CashOutStatusDto;
}
