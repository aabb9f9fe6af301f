import { ApiProperty } from '@nestjs/swagger';
import { LIMIT_PERIODS, LIMIT_TYPES } from '../../domain/limit-kinds.js';
import { LIMIT_REQUEST_STATUSES } from '../../domain/limit-request.aggregate.js';

/** The spec's "Limit change request record", plus the decision fields. */
export class LimitRequestDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ enum: LIMIT_TYPES }) type: string;
  @ApiProperty({ enum: LIMIT_PERIODS }) period: string;
  @ApiProperty({ example: '1000.00', description: 'The cap when the request was made' }) current_amount: string;
  @ApiProperty({ example: '2500.00' }) requested_amount: string;
  @ApiProperty({ example: '', description: 'May be empty' }) reason: string;
  @ApiProperty({ enum: LIMIT_REQUEST_STATUSES, example: 'pending' }) status: string;
  @ApiProperty({ type: String, nullable: true, description: "The administrator's reason when rejected" }) response_reason: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decided_at: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'When the approved cap applies to payments: a raise max(created_at + 24 h, decided_at), always before created_at + 48 h; a reduction (or the same cap) is approved when made, with no administrator, and effective at once. `null` until approved',
  })
  effective_at: string | null;
  @ApiProperty({ format: 'date-time', description: 'created_at + 48 h; a pending request then expires' }) expires_at: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class AdminLimitRequestDto extends LimitRequestDto {
  @ApiProperty({ format: 'uuid' }) client_id: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The deciding administrator; `null` for a reduction (no approval needed)',
  })
  decided_by: string | null;
}

export class LimitRequestResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: LimitRequestDto }) data: LimitRequestDto;
}

export class LimitRequestListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [LimitRequestDto] }) data: LimitRequestDto[];
}

export class AdminLimitRequestResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: AdminLimitRequestDto }) data: AdminLimitRequestDto;
}

export class AdminLimitRequestListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [AdminLimitRequestDto] }) data: AdminLimitRequestDto[];
}
