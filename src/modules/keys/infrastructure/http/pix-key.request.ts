import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { PIX_KEY_TYPES, type PixKeyType } from '../../../../shared/domain/pix-key.js';
import { KEY_DELETION_REASONS, type KeyDeletionReason } from '../../domain/pix-key.aggregate.js';

export class RegisterPixKeyBody {
  @ApiProperty({ enum: PIX_KEY_TYPES, example: 'EMAIL', description: 'Upper case' })
  @IsIn(PIX_KEY_TYPES, { message: `key_type must be one of ${PIX_KEY_TYPES.join(', ')}` })
  key_type: PixKeyType;

  @ApiPropertyOptional({
    example: 'maria.silva@example.com',
    maxLength: 77,
    description:
      'Required except for EVP, whose value the service generates (sending one is refused). CPF: 11 digits; CNPJ: 14 characters, ' +
      '12 digits or upper-case letters then 2 digits (the alphanumeric CNPJ too), no punctuation, ' +
      "the holder's own document; EMAIL: lower case, at most 77 characters; PHONE: +55, area code and number",
  })
  @Omittable()
  @IsString({ message: 'key_value must be a string' })
  @MaxLength(200)
  key_value?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'One of your accounts; defaults to your default account' })
  @Omittable()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;
}

export class DeletePixKeyBody {
  @ApiPropertyOptional({ enum: KEY_DELETION_REASONS, default: 'USER_REQUESTED' })
  @Omittable()
  @IsIn(KEY_DELETION_REASONS, { message: `reason must be one of ${KEY_DELETION_REASONS.join(', ')}` })
  reason?: KeyDeletionReason;
}
