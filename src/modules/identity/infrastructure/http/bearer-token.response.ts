import { ApiProperty } from '@nestjs/swagger';

export class BearerTokenResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'JWT to send as `Authorization: Bearer <token>`' }) token: string;
  @ApiProperty({ example: 3600 }) expires_in: number;
}
