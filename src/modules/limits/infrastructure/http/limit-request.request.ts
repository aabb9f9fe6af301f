import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { ApiLimitDefault, PageQuery } from '../../../../shared/http/page.query.js';
import { LIMIT_PERIODS, LIMIT_TYPES, type LimitPeriod, type LimitType } from '../../domain/limit-kinds.js';
import { LIMIT_REQUEST_STATUSES, type LimitRequestStatus } from '../../domain/limit-request.aggregate.js';
import { NIGHTTIME_STARTS, type NighttimeStart } from '../../domain/limit-windows.js';

export class CreateLimitRequestBody {
  @ApiProperty({ enum: LIMIT_TYPES, example: 'pix_out' })
  @IsIn(LIMIT_TYPES, { message: `type must be one of ${LIMIT_TYPES.join(', ')}` })
  type: LimitType;

  @ApiProperty({ enum: LIMIT_PERIODS, example: 'nighttime' })
  @IsIn(LIMIT_PERIODS, { message: `period must be one of ${LIMIT_PERIODS.join(', ')}` })
  period: LimitPeriod;

  @ApiProperty({ example: '2500.00', description: 'The cap asked for: BRL decimal string' })
  @IsAmount()
  requested_amount: string;

  @ApiPropertyOptional({ maxLength: 500, example: 'Paying rent at night', description: 'Printable text' })
  @Omittable()
  @IsString()
  @MaxLength(500)
  @IsPrintableText()
  reason?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the client's default account" })
  @Omittable()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;
}

export class LimitsQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the client's default account" })
  @IsOptional()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;
}

/** Filters of the admin list; `limit` defaults to 100. */
@ApiLimitDefault(100)
export class AdminLimitRequestsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIMIT_REQUEST_STATUSES, default: 'pending' })
  @IsOptional()
  @IsIn(LIMIT_REQUEST_STATUSES, { message: `status must be one of ${LIMIT_REQUEST_STATUSES.join(', ')}` })
  status?: LimitRequestStatus;
}

export class RejectLimitRequestBody {
  @ApiProperty({ minLength: 1, maxLength: 500, example: 'Declared income does not support this limit', description: 'Printable text' })
  @IsString()
  @Matches(/\S/, { message: 'reason must not be blank' })
  @MaxLength(500)
  @IsPrintableText()
  reason: string;
}

export class SetNighttimeStartBody {
  @ApiProperty({
    enum: NIGHTTIME_STARTS,
    example: '22:00',
    description: 'When the nighttime starts (São Paulo time); it always ends at 06:00',
  })
  @IsIn(NIGHTTIME_STARTS, { message: `nighttime_start must be one of ${NIGHTTIME_STARTS.join(', ')}` })
  nighttime_start: NighttimeStart;

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the client's default account" })
  @Omittable()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;
}
