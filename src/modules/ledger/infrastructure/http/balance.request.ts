import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

export class BalanceQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the client's default account" })
  @IsOptional()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;
}
