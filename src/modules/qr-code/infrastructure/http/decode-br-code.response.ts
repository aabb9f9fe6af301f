import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ChargeTermDto {
  @ApiProperty({ type: 'integer', example: 2, description: 'As in the charge: penalty and rebate 1-2, interest 1-4' }) mode: number;
  @ApiProperty({ example: '2.00' }) value: string;
}

export class DiscountDateDto {
  @ApiProperty({ example: '2026-12-01' }) date: string;
  @ApiProperty({ example: '5.00' }) value: string;
}

export class DiscountDto {
  @ApiProperty({ type: 'integer', example: 1, description: 'As in the charge: 1-2 take fixed_dates, 3-4 a value' }) mode: number;
  @ApiPropertyOptional({ example: '0.50', description: 'Modes 3-4' }) value?: string;
  @ApiPropertyOptional({ type: [DiscountDateDto], description: 'Modes 1-2' }) fixed_dates?: DiscountDateDto[];
}

export class DecodeBrCodeResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ enum: ['static', 'dynamic'] }) qr_code_type: string;
  @ApiProperty({ example: 'maria@example.com' }) pix_key: string;
  @ApiProperty({ type: String, nullable: true, example: '150.00', description: 'null when the payer chooses the amount' }) amount:
    string | null;
  @ApiProperty({ example: 'Maria Silva' }) receiver_name: string;
  @ApiProperty({ example: '00000000' }) receiver_ispb: string;
  @ApiProperty({ example: 'BCO DO BRASIL S.A.' }) receiver_participant_name: string;
  @ApiProperty({
    example: 'E99999004202603101500AbCdEfGhIjK',
    description: 'Send as X-Pix-Lookup-E2E to pay this QR (valid 30 minutes, once)',
  })
  end_to_end_id: string;
  @ApiPropertyOptional({
    example: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
    description: "Dynamic QR: the charge's txid (the receiver's conciliation_id)",
  })
  txid?: string;
  @ApiPropertyOptional({ example: '2026-12-10' }) due_date?: string;
  @ApiPropertyOptional({ type: ChargeTermDto }) penalty?: ChargeTermDto;
  @ApiPropertyOptional({ type: ChargeTermDto }) interest?: ChargeTermDto;
  @ApiPropertyOptional({ type: DiscountDto }) discount?: DiscountDto;
  @ApiPropertyOptional({ type: ChargeTermDto }) rebate?: ChargeTermDto;
  @ApiPropertyOptional({ example: '153.00' }) final_amount?: string;
}
