import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { IsAmount } from '../../../../shared/http/is-amount.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { STATIC_QR_TXID, type CreateStaticQrCommand } from '../../application/create-static-qr.use-case.js';

export class CreateStaticQrRequest {
  @ApiProperty({ example: 'loja@example.com', description: "One of your active Pix keys (another client's key is 404)" })
  @IsString()
  @Length(1, 100)
  pix_key: string;

  @ApiPropertyOptional({ example: '25.00', description: 'Fixes the amount to pay; left out, the payer chooses. At most 10 integer digits' })
  @Omittable()
  @IsAmount()
  amount?: string;

  @ApiPropertyOptional({
    example: 'INV2026000042',
    description:
      'Your reference for reconciliation (field 62-05): 1 to 25 letters and digits; it reaches your statement line and cash_in.completed',
  })
  @Omittable()
  @IsString()
  @Matches(STATIC_QR_TXID, { message: 'txid must be 1 to 25 letters and digits' })
  txid?: string;

  @ApiPropertyOptional({
    example: 'Pedido 42',
    maxLength: 72,
    description:
      'Shown to the payer (field 26-02): printable ASCII; what fits next to the key in field 26 (99 characters), e.g. 37 with an EVP key',
  })
  @Omittable()
  @IsString()
  @Length(1, 72)
  @IsPrintableText()
  description?: string;
}

export function createStaticQrCommand(body: CreateStaticQrRequest, clientId: string): CreateStaticQrCommand {
  return {
    clientId,
    pixKey: body.pix_key,
    ...(body.amount !== undefined && { amount: body.amount }),
    ...(body.txid !== undefined && { txid: body.txid }),
    ...(body.description !== undefined && { description: body.description }),
  };
}
