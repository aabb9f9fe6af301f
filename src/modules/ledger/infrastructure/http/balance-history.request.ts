import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { IsCalendarDate } from '../../../../shared/http/is-calendar-date.validator.js';

/** Query of GET /api/v1/pix/balance/history: São Paulo calendar days, both included. */
export class BalanceHistoryQuery {
  @ApiProperty({ format: 'date', example: '2026-03-01', description: 'First São Paulo calendar day (YYYY-MM-DD), included' })
  @IsCalendarDate()
  date_from: string;

  @ApiProperty({
    format: 'date',
    example: '2026-03-10',
    description: 'Last São Paulo calendar day (YYYY-MM-DD), included; not after today; at most 366 days from date_from',
  })
  @IsCalendarDate()
  date_to: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the client's default account" })
  @IsOptional()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;
}
