import { ApiProperty } from '@nestjs/swagger';

export class BearerTokenResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({
    description: 'JWT to send as `Authorization: Bearer <token>`',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzZjJiOGMxZSIsInR5cCI6ImNsaWVudCJ9.c2lnbmF0dXJl',
  })
  token: string;
  @ApiProperty({ type: 'integer', example: 3600, description: 'Seconds until the token expires' }) expires_in: number;
}
