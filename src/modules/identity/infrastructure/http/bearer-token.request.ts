import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';

export class BearerTokenRequest {
  @ApiPropertyOptional({
    type: [String],
    example: ['pix:balance:read'],
    description: 'Scopes for the token; omitted or empty: every scope of the key',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  scopes?: string[];
}
