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

export class LimitPeriodsDto {
  @ApiProperty({ example: '06:00-20:00' }) daytime: string;
  @ApiProperty({ example: '20:00-06:00' }) nighttime: string;
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
