import { ApiProperty } from '@nestjs/swagger';
import { PIX_KEY_TYPES } from '../../../../shared/domain/pix-key.js';

/** The spec's "Payment key record". Ids and history are shown only for keys you hold. */
export class PixKeyDto {
  @ApiProperty({ example: '5b0e4f7d-2c8a-4d1b-9e3f-6a7c8d9e0f12', description: 'Key id; empty for a key you do not hold' }) id: string;
  @ApiProperty({ example: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', description: 'Your client id; empty for a key you do not hold' })
  client_id: string;
  @ApiProperty({
    example: '3f2b8c1e-6d4a-4e7b-9a51-2c8d0e9f7a36',
    description: 'The account the key points to; empty for a key you do not hold',
  })
  account_id: string;
  @ApiProperty({ enum: PIX_KEY_TYPES, example: 'EVP' }) key_type: string;
  @ApiProperty({ example: '3f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60' }) key_value: string;
  @ApiProperty({ example: '99999004', description: "The account's participant (ISPB)" }) ispb: string;
  @ApiProperty({ example: '0001' }) branch_number: string;
  @ApiProperty({ example: 'TRAN', description: 'DICT account type: CACC, SVGS, SLRY or TRAN (payment account)' }) account_type: string;
  @ApiProperty({ example: '100001' }) account_number: string;
  @ApiProperty({ enum: ['NATURAL_PERSON', 'LEGAL_PERSON'] }) person_type: string;
  @ApiProperty({ example: '52998224725', description: 'CPF/CNPJ; masked (***.982.247-**) for a key you do not hold' }) tax_id: string;
  @ApiProperty({ example: 'Maria Silva' }) holder_name: string;
  @ApiProperty({ example: '', description: 'Id at the central directory; empty in the sandbox' }) dict_key_id: string;
  @ApiProperty({ example: 'active' }) dict_status: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) created_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updated_at: string | null;
}

export class PixKeyResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: PixKeyDto }) data: PixKeyDto;
}

export class PixKeyListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [PixKeyDto] }) data: PixKeyDto[];
}

export class PixKeyDeletedDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Pix key deleted' }) message: string;
}

export class PixKeyDeletedResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: PixKeyDeletedDto }) data: PixKeyDeletedDto;
}
