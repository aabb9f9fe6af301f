import { ApiProperty } from '@nestjs/swagger';

export class DayClosingDto {
  @ApiProperty({ format: 'date', example: '2026-03-10', description: 'São Paulo calendar day' }) date: string;
  @ApiProperty({ example: '150.00', description: 'Available at the end of the day' }) available_balance: string;
  @ApiProperty({ example: '0.00', description: 'Blocked at the end of the day (held payments, MED blocks)' }) blocked_balance: string;
  @ApiProperty({ example: '150.00', description: 'available + blocked at the end of the day: the closing balance' }) total_balance: string;
  @ApiProperty({ format: 'date-time', description: 'The instant the figures are read at: the start of the next day in São Paulo' })
  as_of: string;
}

export class BalanceHistoryDto {
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ example: 'BRL' }) currency: string;
  @ApiProperty({
    type: [DayClosingDto],
    description: 'One per day of the period, oldest first; a day without movements repeats the previous closing',
  })
  days: DayClosingDto[];
}

export class BalanceHistoryResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: BalanceHistoryDto }) data: BalanceHistoryDto;
}
