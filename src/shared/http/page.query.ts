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

/**
 * On a subclass of LimitQuery: documents its `limit` with the default the endpoint applies (its
 * controller's `q.limit ?? n`). A class decorator, as redeclaring the property would need an initializer;
 * it states `integer` again, as the subclass's metadata would otherwise take the design type (`number`).
 */
export function ApiLimitDefault(defaultLimit: number): ClassDecorator {
  return (target) => ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: defaultLimit })(target.prototype, 'limit');
}

/** `limit` (1-100) of list endpoints; each endpoint chooses its default (see ApiLimitDefault). */
export class LimitQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100 })
  @IsOptional()
  @Transform(digits)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(100)
  limit?: number;
}

/** `limit` (1-100) and `offset` (0-10,000) of list endpoints; each endpoint chooses its default limit. */
export class PageQuery extends LimitQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 })
  @IsOptional()
  @Transform(digits)
  @IsInt({ message: 'offset must be an integer' })
  @Min(0)
  @Max(MAX_OFFSET)
  offset?: number;
}

/** `page` (from 1, default 1) and `page_size` (1-100, default 20) of the lists that answer `{items, page, page_size, total}`. */
export class PageNumberQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_OFFSET, default: 1, description: 'Page number, from 1' })
  @IsOptional()
  @Transform(digits)
  @IsInt({ message: 'page must be an integer' })
  @Min(1)
  @Max(MAX_OFFSET)
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Transform(digits)
  @IsInt({ message: 'page_size must be an integer' })
  @Min(1)
  @Max(100)
  page_size?: number;
}
