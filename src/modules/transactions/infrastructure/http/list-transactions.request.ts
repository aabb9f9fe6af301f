import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsRFC3339, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '../../domain/transaction.aggregate.js';

export class ListTransactionsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be an integer' })
  @Min(0)
  offset?: number;

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
  e2e?: string;

  @ApiPropertyOptional({ description: 'Exact reference' })
  @IsOptional()
  @IsString()
  @MaxLength(140)
  reference?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'RFC 3339; requires date_to; range at most 30 days' })
  @IsOptional()
  @IsRFC3339({ message: 'date_from must be an RFC 3339 date-time' })
  date_from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'RFC 3339; requires date_from' })
  @IsOptional()
  @IsRFC3339({ message: 'date_to must be an RFC 3339 date-time' })
  date_to?: string;
}
