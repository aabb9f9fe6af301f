import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import type { DueDateTerms } from '../../../cash-in/application/charge-quotes.js';
import { DecodeBrCodeUseCase, type DecodeResult } from '../../application/decode-br-code.use-case.js';
import { DecodeBrCodeRequest } from './decode-br-code.request.js';
import { DecodeBrCodeResponse, type DiscountDto } from './decode-br-code.response.js';

/** A due-date charge's discount under its API names. */
function discountOf(d: NonNullable<DueDateTerms['discount']>): DiscountDto {
  return {
    mode: d.mode,
    ...(d.value !== undefined ? { value: d.value } : {}),
    ...(d.fixedDates ? { fixed_dates: d.fixedDates.map((f) => ({ date: f.date, value: f.value })) } : {}),
  };
}

function present(r: DecodeResult): DecodeBrCodeResponse {
  const due = r.payload?.dueDate;
  return {
    success: true,
    qr_code_type: r.qrType,
    pix_key: r.pixKey,
    amount: r.amount,
    receiver_name: r.receiver.name,
    receiver_ispb: r.receiver.ispb,
    receiver_participant_name: r.receiver.participantName,
    end_to_end_id: r.endToEndId,
    ...(r.payload ? { txid: r.payload.txid } : {}),
    ...(due
      ? {
          due_date: due.terms.dueDate,
          ...(due.terms.penalty ? { penalty: { mode: due.terms.penalty.mode, value: due.terms.penalty.value } } : {}),
          ...(due.terms.interest ? { interest: { mode: due.terms.interest.mode, value: due.terms.interest.value } } : {}),
          ...(due.terms.discount ? { discount: discountOf(due.terms.discount) } : {}),
          ...(due.terms.rebate ? { rebate: { mode: due.terms.rebate.mode, value: due.terms.rebate.value } } : {}),
          final_amount: due.finalAmount.toFixed2(),
        }
      : {}),
  };
}

@ApiTags('QR code')
@Controller('api/v1/pix/qrcode')
export class QrCodeController {
  constructor(private readonly decode: DecodeBrCodeUseCase) {}

  @Post('decode')
  @HttpCode(200)
  @ClientEndpoint('pix:cashout:write')
  @ApiOperation({
    operationId: 'decodeBrCode',
    summary: 'Decode a BR Code (static or dynamic); pay it with the returned end_to_end_id as X-Pix-Lookup-E2E',
    description:
      "Parses the EMV payload (CRC16 checked; any fault is 400 INVALID_BR_CODE naming the field). A static code is resolved through the key directory; a dynamic one is fetched from its URL: a charge of this service is read in process, another institution's is fetched over HTTPS and its JWS, certificate chain and payload verified (QR_SIGNATURE_INVALID, QR_CERTIFICATE_UNTRUSTED, QR_PAYLOAD_INVALID). The answer holds the recipient, the amount (null when the payer chooses) and a fresh `end_to_end_id`: send it as `X-Pix-Lookup-E2E` with a cash-out within 30 minutes to pay. Spends the anti-scan budget.",
  })
  @ApiOkResponse({
    type: DecodeBrCodeResponse,
    // What `present` answers for each kind of code: a txid only for a dynamic one, terms only for a due-date charge.
    examples: {
      static: {
        summary: 'Static code without an amount: the payer chooses it',
        value: {
          success: true,
          qr_code_type: 'static',
          pix_key: 'maria@example.com',
          amount: null,
          receiver_name: 'Maria Silva',
          receiver_ispb: '00000000',
          receiver_participant_name: 'BCO DO BRASIL S.A.',
          end_to_end_id: 'E99999004202603101500AbCdEfGhIjK',
        },
      },
      dynamic_immediate: {
        summary: 'Dynamic code of an immediate charge',
        value: {
          success: true,
          qr_code_type: 'dynamic',
          pix_key: 'loja@example.com',
          amount: '150.00',
          receiver_name: 'Loja Exemplo Ltda',
          receiver_ispb: '99999004',
          receiver_participant_name: 'Instant Payments Sandbox',
          end_to_end_id: 'E99999004202603101500LmNoPqRsTuV',
          txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
        },
      },
      dynamic_due_date: {
        summary: 'Dynamic code of a due-date charge, decoded before its discount date: final_amount is what is due today',
        value: {
          success: true,
          qr_code_type: 'dynamic',
          pix_key: 'loja@example.com',
          amount: '150.00',
          receiver_name: 'Loja Exemplo Ltda',
          receiver_ispb: '99999004',
          receiver_participant_name: 'Instant Payments Sandbox',
          end_to_end_id: 'E99999004202603101500WxYz0123456',
          txid: 'Vn2Lq8RtY5pXk0WcJ7dHs3ZbM4aE',
          due_date: '2026-12-10',
          penalty: { mode: 2, value: '2.00' },
          interest: { mode: 3, value: '1.00' },
          discount: { mode: 1, fixed_dates: [{ date: '2026-12-05', value: '5.00' }] },
          final_amount: '145.00',
        },
      },
    },
  })
  @ApiErrors(
    'INVALID_BR_CODE',
    'PIX_KEY_NOT_FOUND',
    'QR_PAYLOAD_UNAVAILABLE',
    'QR_SIGNATURE_INVALID',
    'QR_CERTIFICATE_UNTRUSTED',
    'QR_PAYLOAD_INVALID',
    'QR_CODE_EXPIRED',
    'CHARGE_NOT_PAYABLE',
  )
  async create(@CurrentPrincipal() p: Principal, @Body() body: DecodeBrCodeRequest): Promise<DecodeBrCodeResponse> {
    return present(await this.decode.execute(p.id, body.br_code));
  }
}
