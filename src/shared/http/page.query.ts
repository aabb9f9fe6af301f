import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Furthest a list pages by offset; older rows are reached with date filters. */
export const MAX_OFFSET = 10_000;

/**
 * Query numbers are plain decimal digits: `1e21`, `0x10`, `-1`, `NaN` or `1.5` stay strings and fail
 * `IsInt` (Number() would have read some of them as numbers).
 */
const digits = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/** `limit` (1-100) of list endpoints; each endpoint chooses its default. */
export class LimitQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @Transform(digits)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(100)
  limit?: number;
}

/** `limit` (1-100) and `offset` (0-10,000) of list endpoints; each endpoint chooses its default limit. */
export class PageQuery extends LimitQuery {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_OFFSET, default: 0 })
  @IsOptional()
  @Transform(digits)
  @IsInt({ message: 'offset must be an integer' })
  @Min(0)
  @Max(MAX_OFFSET)
  offset?: number;
}
