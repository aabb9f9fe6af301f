import { ApiProperty } from '@nestjs/swagger';

export class BalanceDto {
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ example: '150.00' }) available_balance: string;
  @ApiProperty({ example: '0.00' }) blocked_balance: string;
  @ApiProperty({ example: '150.00' }) total_balance: string;
  @ApiProperty({ example: 'BRL' }) currency: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class BalanceResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: BalanceDto }) data: BalanceDto;
}
