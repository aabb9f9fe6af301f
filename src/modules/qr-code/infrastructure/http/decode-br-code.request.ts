import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class DecodeBrCodeRequest {
  @ApiProperty({ description: 'The EMV payload of the QR code (BR Code)', example: '00020126...6304ABCD' })
  @IsString()
  @Length(1, 512)
  br_code: string;
}
