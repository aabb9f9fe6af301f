import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class DecodeBrCodeRequest {
  @ApiProperty({
    description: 'The EMV payload of the QR code (BR Code)',
    example:
      '00020101021126390014br.gov.bcb.pix0117maria@example.com5204000053039865406150.005802BR5911Maria Silva6009SAO PAULO62070503***630403E9',
  })
  @IsString()
  @Length(1, 512)
  br_code: string;
}
