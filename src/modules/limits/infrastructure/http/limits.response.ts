import { ApiProperty } from '@nestjs/swagger';

export class CapDto {
  @ApiProperty({ example: '5000.00' }) limit: string;
  @ApiProperty({ example: '1200.00', description: 'Counted in the window: pending, processing and completed payments' }) used: string;
  @ApiProperty({ example: '3800.00', description: 'max(0, limit - used)' }) available: string;
}

export class TypeLimitsDto {
  @ApiProperty({ type: CapDto, description: '06:00-20:00 America/Sao_Paulo; the current window, or the next one when it is night' })
  daytime: CapDto;
  @ApiProperty({ type: CapDto, description: '20:00-06:00 America/Sao_Paulo; the current window, or the next one when it is day' })
  nighttime: CapDto;
  @ApiProperty({ type: CapDto, description: 'The calendar day in America/Sao_Paulo' }) daily: CapDto;
  @ApiProperty({ type: CapDto, description: 'The calendar month in America/Sao_Paulo' }) monthly: CapDto;
}

export class LimitsByTypeDto {
  @ApiProperty({ type: TypeLimitsDto, description: 'Cash-outs and P2P transfers sent' }) pix_out: TypeLimitsDto;
  @ApiProperty({ type: TypeLimitsDto, description: 'Pix credits and P2P transfers received' }) pix_in: TypeLimitsDto;
  @ApiProperty({ type: TypeLimitsDto, description: 'No TED flow yet: used is always 0.00' }) ted: TypeLimitsDto;
  @ApiProperty({ type: TypeLimitsDto, description: 'No boleto flow yet: used is always 0.00' }) boleto: TypeLimitsDto;
}

export class NextNighttimeStartDto {
  @ApiProperty({ enum: ['20:00', '22:00'], example: '22:00' }) nighttime_start: string;
  @ApiProperty({ format: 'date-time', description: 'A 06:00 in America/Sao_Paulo' }) effective_at: string;
}

export class LimitPeriodsDto {
  @ApiProperty({ example: '06:00-20:00', description: '06:00-22:00 when the nighttime starts at 22:00' }) daytime: string;
  @ApiProperty({ example: '20:00-06:00', description: '22:00-06:00 when the nighttime starts at 22:00' }) nighttime: string;
  @ApiProperty({ enum: ['20:00', '22:00'], example: '20:00', description: 'When the nighttime starts now: 20:00 unless you chose 22:00' })
  nighttime_start: string;
  @ApiProperty({ type: NextNighttimeStartDto, nullable: true, description: 'A change of nighttime_start waiting for its 06:00' })
  next_nighttime_start: NextNighttimeStartDto | null;
  @ApiProperty({ enum: ['daytime', 'nighttime'], description: 'The period now' }) current: string;
  @ApiProperty({ example: 'America/Sao_Paulo' }) time_zone: string;
}

/** Spec "Limits (response of the limits query)": its fields sit at the top level, beside `success`. */
export class LimitsResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ type: LimitsByTypeDto }) limits: LimitsByTypeDto;
  @ApiProperty({ type: LimitPeriodsDto }) period: LimitPeriodsDto;
  @ApiProperty({ example: 'BRL' }) currency: string;
}

export class NighttimeStartResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ format: 'uuid' }) account_id: string;
  @ApiProperty({ enum: ['20:00', '22:00'], description: 'The start in force now' }) current_nighttime_start: string;
  @ApiProperty({ enum: ['20:00', '22:00'], description: 'The start asked for' }) nighttime_start: string;
  @ApiProperty({ format: 'date-time', description: 'When it applies: now when it is the start in force, else a 06:00' })
  effective_at: string;
}
