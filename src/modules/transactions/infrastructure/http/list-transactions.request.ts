import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDateTime } from '../../../../shared/http/is-date-time.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { ApiLimitDefault, PageQuery } from '../../../../shared/http/page.query.js';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '../../domain/transaction.aggregate.js';

/** Filters of GET /api/v1/transactions; `limit` defaults to 20. */
@ApiLimitDefault(20)
export class ListTransactionsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: TRANSACTION_TYPES })
  @IsOptional()
  @IsIn(TRANSACTION_TYPES)
  type?: TransactionType;

  @ApiPropertyOptional({ enum: TRANSACTION_STATUSES })
  @IsOptional()
  @IsIn(TRANSACTION_STATUSES)
  status?: TransactionStatus;

  @ApiPropertyOptional({ description: 'Exact end-to-end ID' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  @IsPrintableText()
  e2e?: string;

  @ApiPropertyOptional({ description: 'Exact reference' })
  @IsOptional()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  reference?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'RFC 3339; requires date_to; range at most 30 days' })
  @IsOptional()
  @IsDateTime()
  date_from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'RFC 3339; requires date_from' })
  @IsOptional()
  @IsDateTime()
  date_to?: string;
}
