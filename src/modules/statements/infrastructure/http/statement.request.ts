import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsCalendarDate } from '../../../../shared/http/is-calendar-date.validator.js';
import { STATEMENT_FORMATS, type StatementFormatName } from '../../application/export-statement.use-case.js';

const FORMATS = Object.keys(STATEMENT_FORMATS) as StatementFormatName[];

/** Query of GET /api/v1/statements: São Paulo calendar days, both included, and the file format. */
export class StatementQuery {
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

  @ApiPropertyOptional({ enum: FORMATS, default: 'csv', description: '`csv` (RFC 4180) or `ofx` (OFX 2.2, XML)' })
  @IsOptional()
  @IsIn(FORMATS, { message: `format must be one of ${FORMATS.join(', ')}` })
  format?: StatementFormatName;

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the client's default account" })
  @IsOptional()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;
}
